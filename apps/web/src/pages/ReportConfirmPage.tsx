import { useState } from 'react';
import { MailCheck } from 'lucide-react';
import { FormScreen } from '../components/FormScreen';
import { ErrorState } from '../components/States';
import { ButtonLink } from '../components/ui';
import { LoadingState } from '../components/ui/Spinner';
import { feedbackApi } from '../features/feedback/feedbackApi';
import { errorMessage } from '../lib/api';
import { useLinkFragment } from '../lib/useLinkFragment';

/**
 * The confirmation link of a player's report request opens here (`/report-confirm#t=<secret>`): opening it proves
 * the address is the reader's, and only then is the report sent there.
 */
export default function ReportConfirmPage() {
  const [state, setState] = useState<{ done: boolean; message: string | null }>({ done: false, message: null });
  useLinkFragment((params) => {
    const token = params.get('t');
    if (!token) {
      setState({ done: false, message: 'This link is incomplete.' });
      return;
    }
    feedbackApi
      .confirmReport(token)
      .then((res) =>
        setState({ done: true, message: res.queued ? 'Your game report will arrive within 2-3 minutes.' : 'This report was sent to you a few minutes ago; please check your inbox.' }),
      )
      .catch((err: unknown) => setState({ done: false, message: errorMessage(err, 'This link no longer works.') }));
  });

  return (
    <FormScreen icon={MailCheck} title="Your game report" subtitle="Confirming your e-mail address.">
      {state.done ? (
        <p role="status" className="text-center text-paper-100">
          {state.message}
        </p>
      ) : state.message ? (
        <ErrorState title="Could not confirm" message={state.message} action={<ButtonLink to="/">Home</ButtonLink>} />
      ) : (
        <LoadingState label="Confirming…" />
      )}
    </FormScreen>
  );
}
