import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { NO_CAPABILITIES, type TCapabilities, type TGameView, type TMyCharacterResponse } from '@ss/protocol';
import { PlayFrame } from './PlayFrame';
import { BeginInvestigation } from './BeginInvestigation';
import { gameViewFixture } from '../../testing/gameView';

const HOST = '00000000-0000-4000-8000-000000000002';
const CO_HOST = '00000000-0000-4000-8000-000000000003';
const DAYS = [1, 2, 3, 4].map((day) => ({ day, name: `Day ${day}`, date: `${day} April 1922` }));
const player = (id: string, displayName: string, isHost: boolean) => ({
  id,
  displayName,
  userId: null,
  isHost,
  voteLost: false,
  characterId: null,
  character: null,
  isLeader: false,
});

function game(overrides: Partial<TGameView> = {}): TGameView {
  return gameViewFixture({
    version: 5,
    status: 'in_progress',
    currentPhase: 1,
    phase: { key: 'day-1', kind: 'day', day: 1 },
    storyline: { id: 's', title: 'T', days: DAYS, minPlayersReason: '' },
    startedAt: '2026-01-01T00:00:00Z',
    playerCount: 2,
    minPlayers: 2,
    hostPlayerId: HOST,
    players: [player(HOST, 'Hana', true), player(CO_HOST, 'Cole', false)],
    coHostPlayerId: CO_HOST,
    ...overrides,
  });
}

function me(id: string, isHost: boolean, capabilities: Partial<TCapabilities>): TMyCharacterResponse {
  return {
    hasAccess: true,
    character: null,
    team: null,
    shadowTeam: null,
    gamePlayer: { id, displayName: isHost ? 'Hana' : 'Cole', voteLost: false, isHost },
    capabilities: { ...NO_CAPABILITIES, ...capabilities },
  };
}

function show(view: TGameView, seat: TMyCharacterResponse) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <PlayFrame
          game={view}
          me={seat}
          bottom={<BeginInvestigation game={view} capabilities={seat.capabilities} />}
        >
          <p>content</p>
        </PlayFrame>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  // The host notes ask the server for the host kit; here it never answers.
  vi.stubGlobal('fetch', () => new Promise(() => undefined));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the driver controls follow the capabilities the server sent', () => {
  it('shows the host bar with the host-only controls when the seat holds them', () => {
    show(game(), me(HOST, true, { drivePhases: true, setCoHost: true, setLeader: true, moveSeats: true }));
    expect(screen.getByTestId('host-bar')).toBeTruthy();
    expect(screen.getByTestId('host-advance')).toBeTruthy();
    expect(screen.getByRole('button', { name: /in-game leader/i })).toBeTruthy();
  });

  it('gives a co-host the phase controls but not the host-only ones', () => {
    show(game(), me(CO_HOST, false, { drivePhases: true }));
    expect(screen.getByTestId('host-advance')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /in-game leader/i })).toBeNull();
    expect(screen.getByText(/Co-host/)).toBeTruthy();
  });

  it('shows no driver control to a seat without the right, even the seat the view names as host', () => {
    show(game(), me(HOST, true, {}));
    expect(screen.queryByTestId('host-bar')).toBeNull();
    expect(screen.queryByTestId('host-advance')).toBeNull();
  });

  it('before Day One, only a seat that may drive phases is offered to open it for everyone', () => {
    const homepage = game({ currentPhase: 0, phase: { key: 'homepage', kind: 'homepage', day: null } });
    show(homepage, me(CO_HOST, false, { drivePhases: true }));
    expect(screen.getByRole('button', { name: /Begin Investigation/ }).getAttribute('aria-haspopup')).toBe(
      'dialog',
    );
    cleanup();
    show(homepage, me(CO_HOST, false, {}));
    expect(
      screen.getByRole('button', { name: /Begin Investigation/ }).getAttribute('aria-haspopup'),
    ).toBeNull();
  });
});
