import { useState } from 'react';
import { Button, Field, Input } from '../../components/ui';
import { Page, PageHeader } from '../../components/Page';
import { FeedbackModal, ReportRequestDialog, SurveyForm } from '../../features/feedback';
import { read } from '../../lib/session';

/**
 * /test-feedback-modal: opens the feedback modal (and the survey and report dialogs) for a game and player,
 * prefilled from the stored player session when there is one. The modal opens at once.
 */
export default function TestFeedbackModalPage() {
  const session = read();
  const [gameId, setGameId] = useState(session.gameId ?? '');
  const [playerId, setPlayerId] = useState(session.playerId ?? '');
  const [open, setOpen] = useState<'feedback' | 'survey' | 'report' | null>('feedback');
  return (
    <Page>
      <PageHeader title="Feedback Modal (test)" subtitle="Submitting needs a player session of a testing game." />
      <div className="flex flex-col gap-4">
        <Field id="t-game" label="Game id">
          <Input id="t-game" value={gameId} onChange={(e) => setGameId(e.target.value.trim())} />
        </Field>
        <Field id="t-player" label="Player id">
          <Input id="t-player" value={playerId} onChange={(e) => setPlayerId(e.target.value.trim())} />
        </Field>
        <div className="flex flex-wrap gap-3">
          <Button onClick={() => setOpen('feedback')}>Open Feedback</Button>
          <Button variant="secondary" onClick={() => setOpen('survey')} disabled={!gameId || !playerId}>
            Open Survey
          </Button>
          <Button variant="outline" onClick={() => setOpen('report')} disabled={!gameId}>
            Request Report
          </Button>
        </div>
      </div>
      <FeedbackModal gameId={gameId} gamePlayerId={playerId} open={open === 'feedback'} onOpenChange={(o) => setOpen(o ? 'feedback' : null)} />
      {gameId && playerId ? <SurveyForm gameId={gameId} gamePlayerId={playerId} open={open === 'survey'} onOpenChange={(o) => setOpen(o ? 'survey' : null)} /> : null}
      <ReportRequestDialog gameId={gameId} open={open === 'report'} onOpenChange={(o) => setOpen(o ? 'report' : null)} />
    </Page>
  );
}
