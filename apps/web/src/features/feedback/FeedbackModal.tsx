import { useState } from 'react';
import { theoryDay, type TFeedbackRequest } from '@ss/protocol';
import { Button, Dialog, DialogContent } from '../../components/ui';
import { cn } from '../../lib/cn';
import { toast } from '../../store/toast';
import { ApiRequestError } from '../../lib/api';
import { ChoiceGroup } from './ChoiceGroup';
import { StarRating } from './StarRating';
import { feedbackApi, type AfterGameDialogProps } from './feedbackApi';
import type { StoryDays } from '../game/phases';

export const textareaClasses =
  'min-h-28 w-full rounded-lg border border-ink-500 bg-ink-900 p-3 text-base text-paper-50 placeholder:text-paper-400/80 focus-visible:border-lamp-400 aria-[invalid=true]:border-blood-400';

type Day = TFeedbackRequest['theoryFormationDay'];
type Again = TFeedbackRequest['wouldPlayAnother'];

/**
 * The theory-day choices: one per day of the game's storyline, dated from its calendar (each storyline has its
 * own calendar and number of days; without them, the four days of the original game).
 */
export function theoryDays(days: StoryDays = []): ReadonlyArray<{ value: Day; label: string }> {
  const label = (n: number) => {
    const date = days.find((d) => d.day === n)?.date;
    return date ? `Day ${n} - ${date}` : `Day ${n}`;
  };
  const count = days.length > 0 ? days.length : 4;
  return [
    ...Array.from({ length: count }, (_, i) => ({ value: theoryDay(i + 1), label: label(i + 1) })),
    { value: 'never', label: 'I never formed a theory' },
  ];
}
const AGAIN: ReadonlyArray<{ value: Again; label: string }> = [
  { value: 'yes', label: 'Yes, definitely' },
  { value: 'maybe', label: 'Maybe' },
  { value: 'no', label: 'No' },
];

export const FEEDBACK_STEPS = 5;
export const STANDOUT_REQUIRED = 'Please share your favorite moment from the game.';

interface Answers {
  enjoymentRating: number;
  theoryFormationDay: Day | null;
  clarityIssues: string;
  standoutMoments: string;
  wouldPlayAnother: Again | null;
}
const EMPTY: Answers = { enjoymentRating: 0, theoryFormationDay: null, clarityIssues: '', standoutMoments: '', wouldPlayAnother: null };

/** Whether step n (1-based) may be left: step 3 is optional; the others need an answer. */
export function stepValid(step: number, a: Answers): boolean {
  switch (step) {
    case 1:
      return a.enjoymentRating > 0;
    case 2:
      return a.theoryFormationDay !== null;
    case 3:
      return true;
    case 4:
      return a.standoutMoments.trim() !== '';
    case 5:
      return a.wouldPlayAnother !== null;
    default:
      return false;
  }
}

/**
 * Five-step feedback for testing games (the results screen mounts it with the player's id). Next is enabled only
 * when the step is answered; the last step submits once and closes.
 */
export function FeedbackModal({
  gameId,
  gamePlayerId,
  open,
  onOpenChange,
  onSubmitted,
  days,
}: AfterGameDialogProps & { onSubmitted?: () => void; days?: StoryDays }) {
  const [step, setStep] = useState(1);
  const [a, setA] = useState<Answers>(EMPTY);
  const [busy, setBusy] = useState(false);
  const [standoutTouched, setStandoutTouched] = useState(false);
  const valid = stepValid(step, a);

  const reset = () => {
    setStep(1);
    setA(EMPTY);
    setStandoutTouched(false);
  };

  async function submit() {
    if (a.standoutMoments.trim() === '') {
      toast({ title: 'Missing required field', description: STANDOUT_REQUIRED, variant: 'destructive' });
      setStep(4);
      return;
    }
    if (!a.theoryFormationDay || !a.wouldPlayAnother || a.enjoymentRating === 0) return;
    setBusy(true);
    try {
      await feedbackApi.submitFeedback(gameId, {
        gamePlayerId,
        enjoymentRating: a.enjoymentRating,
        theoryFormationDay: a.theoryFormationDay,
        clarityIssues: a.clarityIssues.trim() === '' ? null : a.clarityIssues.trim(),
        standoutMoments: a.standoutMoments.trim(),
        wouldPlayAnother: a.wouldPlayAnother,
      });
      toast({ title: 'Thank you for your feedback!', description: 'It helps us improve this storyline.', variant: 'success', duration: 3000 });
      reset();
      onOpenChange(false);
      onSubmitted?.();
    } catch (err) {
      if (err instanceof ApiRequestError && err.status === 409) {
        // Feedback is given once per player: a second submit is not an error, it was simply given already.
        toast({ title: 'Feedback already given', description: 'You have already shared feedback for this game. Thank you!', duration: 3000 });
        reset();
        onOpenChange(false);
        onSubmitted?.();
        return;
      }
      toast({ title: 'Error submitting feedback', description: 'Please try again later.', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Share your feedback" description={`Step ${step} of ${FEEDBACK_STEPS}`}>
        <div className="mb-4 flex gap-1.5" aria-hidden>
          {Array.from({ length: FEEDBACK_STEPS }, (_, i) => (
            <span key={i} className={cn('h-1.5 flex-1 rounded-full', i < step ? 'bg-lamp-400' : 'bg-ink-600')} />
          ))}
        </div>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!valid || busy) return;
            if (step < FEEDBACK_STEPS) setStep(step + 1);
            else void submit();
          }}
          className="flex flex-col gap-5"
        >
          {step === 1 ? (
            <StarRating id="fb-enjoyment" label="How much did you enjoy the game?" value={a.enjoymentRating} onChange={(v) => setA({ ...a, enjoymentRating: v })} />
          ) : null}
          {step === 2 ? (
            <ChoiceGroup id="fb-theory" label="When did you form your theory about the killer?" options={theoryDays(days)} value={a.theoryFormationDay} onChange={(v) => setA({ ...a, theoryFormationDay: v })} />
          ) : null}
          {step === 3 ? (
            <div className="flex flex-col gap-1.5">
              <label htmlFor="fb-clarity" className="text-sm font-semibold text-paper-100">
                Was anything unclear or confusing? <span className="font-normal text-paper-300">(optional)</span>
              </label>
              <textarea id="fb-clarity" maxLength={2000} className={textareaClasses} value={a.clarityIssues} onChange={(e) => setA({ ...a, clarityIssues: e.target.value })} />
            </div>
          ) : null}
          {step === 4 ? (
            <div className="flex flex-col gap-1.5">
              <label htmlFor="fb-standout" className="text-sm font-semibold text-paper-100">
                What was your favorite moment of the game?
              </label>
              <textarea
                id="fb-standout"
                required
                maxLength={2000}
                aria-invalid={standoutTouched && !valid}
                aria-describedby={standoutTouched && !valid ? 'fb-standout-error' : undefined}
                className={textareaClasses}
                value={a.standoutMoments}
                onBlur={() => setStandoutTouched(true)}
                onChange={(e) => setA({ ...a, standoutMoments: e.target.value })}
              />
              {standoutTouched && !valid ? (
                <p id="fb-standout-error" role="alert" className="text-sm text-blood-300">
                  <strong>Missing required field.</strong> {STANDOUT_REQUIRED}
                </p>
              ) : null}
            </div>
          ) : null}
          {step === 5 ? (
            <ChoiceGroup id="fb-again" label="Would you play another murder mystery like this?" options={AGAIN} value={a.wouldPlayAnother} onChange={(v) => setA({ ...a, wouldPlayAnother: v })} />
          ) : null}
          <div className="flex justify-between gap-3">
            <Button type="button" variant="ghost" disabled={step === 1 || busy} onClick={() => setStep(step - 1)}>
              Back
            </Button>
            <Button type="submit" disabled={!valid || busy}>
              {step < FEEDBACK_STEPS ? (step === 3 && a.clarityIssues.trim() === '' ? 'Skip' : 'Next') : busy ? 'Submitting...' : 'Submit Feedback'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
