import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useToastStore } from '../../store/toast';
import { FeedbackModal, stepValid } from './FeedbackModal';
import { ReportRequestDialog } from './ReportRequestDialog';
import { isValidReportEmail } from './feedbackApi';

const GAME = '00000000-0000-4000-8000-000000000001';
const PLAYER = '00000000-0000-4000-8000-000000000002';
// A storyline's own calendar: the choices are dated from it, never from a shared 1986 list.
const DAYS = [
  { day: 1, name: 'One', date: 'Saturday 1st April 1922' },
  { day: 2, name: 'Two', date: 'Sunday 2nd April 1922' },
  { day: 3, name: 'Three', date: 'Wednesday 5th April 1922' },
  { day: 4, name: 'Four', date: 'Monday 10th April 1922' },
];

afterEach(() => cleanup());

describe('feedback modal', () => {
  it('knows which steps are answered (step 3 optional, blank standout moment refused)', () => {
    const a = { enjoymentRating: 0, theoryFormationDay: null, clarityIssues: '', standoutMoments: '   ', wouldPlayAnother: null };
    expect([1, 2, 3, 4, 5].map((s) => stepValid(s, a))).toEqual([false, false, true, false, false]);
    const b = { enjoymentRating: 3, theoryFormationDay: 'day2' as const, clarityIssues: '', standoutMoments: 'The reveal', wouldPlayAnother: 'no' as const };
    expect([1, 2, 3, 4, 5].map((s) => stepValid(s, b))).toEqual([true, true, true, true, true]);
  });

  it('enables Next only once the step is answered, and skips the optional step', () => {
    render(<FeedbackModal gameId={GAME} gamePlayerId={PLAYER} open onOpenChange={() => undefined} days={DAYS} />);
    const next = () => screen.getByRole('button', { name: /^(Next|Skip)$/ });
    expect(screen.getByText('Step 1 of 5')).toBeTruthy();
    expect(next().hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: '4 stars' }));
    expect(next().hasAttribute('disabled')).toBe(false);
    fireEvent.click(next());
    expect(screen.getByText('Step 2 of 5')).toBeTruthy();
    expect(next().hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByLabelText('Day 3 - Wednesday 5th April 1922'));
    fireEvent.click(next());
    expect(next().textContent).toBe('Skip');
    fireEvent.click(next());
    expect(screen.getByText('Step 4 of 5')).toBeTruthy();
    const standout = screen.getByLabelText('What was your favorite moment of the game?');
    fireEvent.change(standout, { target: { value: '   ' } });
    fireEvent.blur(standout);
    expect(next().hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('alert').textContent).toContain('Please share your favorite moment from the game.');
    fireEvent.change(standout, { target: { value: 'The search warrant' } });
    fireEvent.click(next());
    expect(screen.getByText('Step 5 of 5')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit Feedback' }).hasAttribute('disabled')).toBe(true);
  });
});

describe('report request dialog', () => {
  // like the server: exactly one mailbox
  it.each(['', '  ', 'someone.example.com', 'a@b', 'a@b.co, c@d.co', 'a@b.co\r\nBcc: c@d.co', 'Ann <a@b.co>'])('refuses the address %j', (address) => {
    expect(isValidReportEmail(address)).toBe(false);
  });
  it('accepts one plain mailbox', () => {
    expect(isValidReportEmail('ann.lee+games@example.org')).toBe(true);
  });

  it("tells the player 'Invalid Email' without calling the server", () => {
    render(<ReportRequestDialog gameId={GAME} open onOpenChange={() => undefined} />);
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'not-an-address' } });
    fireEvent.click(screen.getByRole('button', { name: /Send Report/ }));
    const t = useToastStore.getState().toast;
    expect(t?.title).toBe('Invalid Email');
    expect(t?.description).toBe('Please enter a valid email address.');
  });
});
