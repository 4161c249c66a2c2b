import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, ClipboardList, FileText, MessageSquareHeart } from 'lucide-react';
import type { TGameView } from '@ss/protocol';
import { Button } from '../../components/ui';
import { FeedbackModal } from './FeedbackModal';
import { ReportRequestDialog } from './ReportRequestDialog';
import { SurveyForm } from './SurveyForm';
import { feedbackApi, feedbackKeys } from './feedbackApi';

/**
 * After the game, from the results: the PDF case file by e-mail, the survey, and (in testing and feedback games)
 * the short feedback, which can be given once and then says so.
 */
export function AfterGameActions({ game, myId }: { game: TGameView; myId: string }) {
  const [open, setOpen] = useState<'report' | 'feedback' | 'survey' | null>(null);
  const feedbackOn = game.isTestingMode || game.feedbackMode;
  const queryClient = useQueryClient();
  const given = useQuery({
    queryKey: feedbackKeys.status(game.id, myId),
    queryFn: () => feedbackApi.feedbackStatus(game.id, myId),
    enabled: feedbackOn,
  });
  const feedbackGiven = given.data?.given === true;
  const dialog = (which: 'report' | 'feedback' | 'survey') => ({
    open: open === which,
    onOpenChange: (o: boolean) => setOpen(o ? which : null),
  });

  return (
    <div className="grid gap-2 sm:grid-cols-2" data-testid="after-game">
      <Button variant="secondary" size="lg" onClick={() => setOpen('report')}>
        <FileText aria-hidden className="size-5" /> Request Game Report
      </Button>
      <Button variant="secondary" size="lg" onClick={() => setOpen('survey')}>
        <ClipboardList aria-hidden className="size-5" /> Take the Survey
      </Button>
      {feedbackOn ? (
        feedbackGiven ? (
          <p className="flex min-h-11 items-center justify-center gap-2 text-moss-300" data-testid="feedback-given">
            <CheckCircle2 aria-hidden className="size-5" /> Feedback given. Thank you!
          </p>
        ) : (
          <Button variant="secondary" size="lg" onClick={() => setOpen('feedback')}>
            <MessageSquareHeart aria-hidden className="size-5" /> Give Feedback
          </Button>
        )
      ) : null}
      <ReportRequestDialog gameId={game.id} {...dialog('report')} />
      <SurveyForm gameId={game.id} gamePlayerId={myId} {...dialog('survey')} />
      {feedbackOn ? (
        <FeedbackModal
          gameId={game.id}
          gamePlayerId={myId}
          days={game.storyline.days}
          {...dialog('feedback')}
          onSubmitted={() => queryClient.setQueryData(feedbackKeys.status(game.id, myId), { given: true })}
        />
      ) : null}
    </div>
  );
}
