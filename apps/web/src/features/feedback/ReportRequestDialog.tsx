import { useState } from 'react';
import { Mail } from 'lucide-react';
import { Button, Dialog, DialogContent, Field, Input } from '../../components/ui';
import { useBusyAction } from '../../lib/useBusyAction';
import { toast } from '../../store/toast';
import { feedbackApi, isValidReportEmail, type AfterGameDialogProps } from './feedbackApi';

/** Asks for an address and queues the PDF game report; the server mails it within a few minutes. */
export function ReportRequestDialog({ gameId, open, onOpenChange }: Omit<AfterGameDialogProps, 'gamePlayerId'> & { gamePlayerId?: string }) {
  const [email, setEmail] = useState('');
  const { busy, run } = useBusyAction();

  async function submit() {
    if (!isValidReportEmail(email)) {
      toast({ title: 'Invalid Email', description: 'Please enter a valid email address.', variant: 'destructive' });
      return;
    }
    await run(
      async () => {
        const res = await feedbackApi.requestReport(gameId, email.trim());
        toast({
          title: res.reason === 'confirmation_sent' ? 'Check your inbox' : res.queued ? 'Report requested' : 'Report already on its way',
          description:
            res.reason === 'confirmation_sent'
              ? `Open the link we sent to ${email.trim()} and the report follows within minutes.`
              : res.toAccount
                ? 'Your game report will arrive at your account’s e-mail address within 2-3 minutes.'
                : res.queued
                  ? `Your game report will arrive at ${email.trim()} within 2-3 minutes.`
                  : 'This address asked for the report a few minutes ago; please check your inbox.',
          variant: 'success',
        });
        onOpenChange(false);
      },
      'Request Failed',
      'Failed to request game report',
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Get the game report" description="A PDF with every character, vote and the full solution, sent by e-mail.">
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
          className="flex flex-col gap-4"
        >
          <Field id="report-email" label="E-mail address">
            <Input id="report-email" type="email" autoComplete="email" inputMode="email" value={email} onChange={(e) => setEmail(e.target.value)} placeholder="you@example.com" />
          </Field>
          <Button type="submit" disabled={busy}>
            <Mail aria-hidden className="size-4" />
            {busy ? 'Requesting...' : 'Send Report'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
