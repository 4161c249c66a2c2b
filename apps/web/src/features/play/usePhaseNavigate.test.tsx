import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { setPagePreloader } from '../../lib/preload';
import { usePhaseNavigate } from './usePhaseNavigate';

function Follow({ to }: { to: string }) {
  const follow = usePhaseNavigate();
  useEffect(() => follow(to, { replace: true }), [follow, to]);
  return <p>day four</p>;
}

function show(to: string) {
  const router = createMemoryRouter(
    [
      { path: '/play/g/day/4', element: <Follow to={to} /> },
      { path: '/play/g/vote', element: <h1>Suspect Voting Phase</h1> },
    ],
    { initialEntries: ['/play/g/day/4'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => {
  cleanup();
  setPagePreloader(
    () => undefined,
    () => false,
  );
});

describe('usePhaseNavigate', () => {
  it('moves to the new screen at once when its code is here', async () => {
    setPagePreloader(
      () => undefined,
      (pathname) => pathname === '/play/g/vote',
    );
    const router = await act(async () => show('/play/g/vote?session=s1'));
    expect(screen.getByRole('heading', { name: 'Suspect Voting Phase' })).toBeTruthy();
    expect(router.state.location.search).toBe('?session=s1');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('navigates the ordinary way when the code has not arrived', async () => {
    const router = await act(async () => show('/play/g/vote?session=s1'));
    expect(await screen.findByRole('heading', { name: 'Suspect Voting Phase' })).toBeTruthy();
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
