import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { SURVEY_RATINGS, type TSurveyRequest } from '@ss/protocol';
import { Button, Dialog, DialogContent, LoadingState, Switch } from '../../components/ui';
import { ErrorState } from '../../components/States';
import { toast } from '../../store/toast';
import { StarRating } from './StarRating';
import { textareaClasses } from './FeedbackModal';
import { feedbackApi, type AfterGameDialogProps } from './feedbackApi';

type RatingKey = (typeof SURVEY_RATINGS)[number];
export const RATING_LABELS: Record<RatingKey, string> = {
  overallRating: 'Overall experience',
  storylineRating: 'Storyline',
  characterRating: 'Your character',
  difficultyRating: 'Difficulty',
  paceRating: 'Pace',
  mysteryEngagement: 'How engaging the mystery was',
  characterSatisfaction: 'Satisfaction with your character',
  characterClarityRating: 'Clarity of your character',
  votingSystemRating: 'Voting system',
  evidenceQualityRating: 'Quality of the evidence',
};
const TEXTS = [
  { key: 'favoriteAspect', label: 'What did you like most?' },
  { key: 'leastFavoriteAspect', label: 'What did you like least?' },
  { key: 'suggestionsFeedback', label: 'Any suggestions?' },
] as const;
const BOOLEANS = [
  { key: 'wouldRecommend', label: 'I would recommend this game to friends' },
  { key: 'wouldPlayAgain', label: 'I would play this storyline again' },
  { key: 'interestedInOtherStorylines', label: "I'm interested in other storylines" },
] as const;
export const RATINGS_REQUIRED = 'Please provide ratings for all categories';

const emptyRatings = () => Object.fromEntries(SURVEY_RATINGS.map((k) => [k, 0])) as Record<RatingKey, number>;

/** The after-game survey (about 3-5 minutes). Submitted once; afterwards it shows 'Survey Complete' with the date. */
export function SurveyForm({ gameId, gamePlayerId, open, onOpenChange }: AfterGameDialogProps) {
  const queryClient = useQueryClient();
  const key = ['survey', gameId, gamePlayerId];
  const existing = useQuery({ queryKey: key, queryFn: () => feedbackApi.getSurvey(gameId, gamePlayerId), enabled: open });
  const [ratings, setRatings] = useState(emptyRatings);
  const [texts, setTexts] = useState({ favoriteAspect: '', leastFavoriteAspect: '', suggestionsFeedback: '' });
  const [flags, setFlags] = useState({ wouldRecommend: false, wouldPlayAgain: false, interestedInOtherStorylines: false });
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit() {
    if (SURVEY_RATINGS.some((k) => ratings[k] === 0)) {
      setMissing(true);
      return;
    }
    setMissing(false);
    setBusy(true);
    try {
      const body: TSurveyRequest = { gamePlayerId, ...ratings, ...texts, ...flags };
      const res = await feedbackApi.submitSurvey(gameId, body);
      queryClient.setQueryData(key, res);
      toast({ title: 'Survey submitted', description: 'Thank you for helping us improve the game.', variant: 'success' });
    } catch {
      toast({ title: 'Failed to submit survey', description: 'Please try again later.', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  const survey = existing.data?.survey;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Player Survey" description="About 3-5 minutes. Your answers help us improve the storyline." side="bottom">
        {existing.isPending ? <LoadingState label="Loading survey..." /> : null}
        {existing.isError ? <ErrorState title="Could not load the survey" message="Please try again later." /> : null}
        {survey ? (
          <div className="flex flex-col items-center gap-3 py-6 text-center">
            <CheckCircle2 aria-hidden className="size-10 text-moss-300" />
            <p className="font-display text-2xl font-bold text-paper-50">Survey Complete</p>
            <p className="text-paper-300">
              Submitted on {new Date(survey.submittedAt).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' })}. Thank you!
            </p>
          </div>
        ) : null}
        {existing.isSuccess && !survey ? (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
            className="flex flex-col gap-5"
          >
            <div className="grid gap-4 sm:grid-cols-2">
              {SURVEY_RATINGS.map((k) => (
                <StarRating key={k} id={`survey-${k}`} label={RATING_LABELS[k]} value={ratings[k]} onChange={(v) => setRatings({ ...ratings, [k]: v })} />
              ))}
            </div>
            {TEXTS.map((t) => (
              <div key={t.key} className="flex flex-col gap-1.5">
                <label htmlFor={`survey-${t.key}`} className="text-sm font-semibold text-paper-100">
                  {t.label}
                </label>
                <textarea id={`survey-${t.key}`} maxLength={2000} className={textareaClasses} value={texts[t.key]} onChange={(e) => setTexts({ ...texts, [t.key]: e.target.value })} />
              </div>
            ))}
            {BOOLEANS.map((b) => (
              <label key={b.key} className="flex min-h-11 items-center justify-between gap-3 text-paper-100">
                {b.label}
                <Switch checked={flags[b.key]} onCheckedChange={(v) => setFlags({ ...flags, [b.key]: v })} aria-label={b.label} />
              </label>
            ))}
            {missing ? (
              <p role="alert" className="rounded-lg border border-blood-400/60 bg-blood-700/30 p-3 text-blood-300">
                {RATINGS_REQUIRED}
              </p>
            ) : null}
            <Button type="submit" disabled={busy}>
              {busy ? 'Submitting...' : 'Submit Survey'}
            </Button>
          </form>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
