import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import {
  NO_CAPABILITIES,
  type TCharacterSummary,
  type TGameView,
  type TMyCharacterResponse,
  type TPrivateCharacter,
  type TVotingResults,
} from '@ss/protocol';
import { OutcomeView } from './OutcomeView';
import { topSuspectsFromView } from './topSuspectsFromView';
import { gameViewFixture } from '../../testing/gameView';

const ids = ['a', 'b', 'c', 'd'].map((x, i) => `00000000-0000-4000-8000-00000000001${i}`);
const [ADA, BEA, CY, ME] = ids as [string, string, string, string];
const DAYS = [1, 2, 3, 4].map((day) => ({ day, name: `Day ${day}`, date: `${day} April 1922` }));

const summary = (id: string, name: string, profession: string): TCharacterSummary => ({
  id,
  name,
  profession,
  imageUrl: `/img/${id}.webp`,
  imageAlt: name,
});
const player = (id: string, displayName: string, character: TCharacterSummary | null) => ({
  id,
  displayName,
  userId: null,
  isHost: false,
  voteLost: false,
  characterId: character?.id ?? null,
  character,
  isLeader: false,
});

function game(): TGameView {
  return gameViewFixture({
    version: 9,
    status: 'in_progress',
    currentPhase: 5,
    phase: { key: 'suspect-vote', kind: 'suspect-vote', day: null },
    storyline: { id: 's', title: 'T', days: DAYS, minPlayersReason: '' },
    startedAt: '2026-01-01T00:00:00Z',
    playerCount: 4,
    minPlayers: 2,
    players: [
      player(ADA, 'Ada', summary('c1', 'Margaret Hale', 'Postmistress')),
      player(BEA, 'Bea', summary('c2', 'Nigel Ashdown', '')),
      player(CY, 'Cy', null),
      player(ME, 'Me', summary('c4', 'Sid Varley', 'Eel-catcher')),
    ],
    suspectVoting: {
      submittedCount: 4,
      eligibleCount: 4,
      allVotesSubmitted: true,
      topSuspects: [
        { playerId: ADA, rank: 1, voteCount: 4 },
        { playerId: BEA, rank: 2, voteCount: 3 },
        { playerId: CY, rank: 3, voteCount: 1 },
      ],
    },
    coHostPlayerId: null,
  });
}

const character: TPrivateCharacter = {
  ...summary('c4', 'Sid Varley', 'Eel-catcher'),
  role: '',
  description: '',
  age: 40,
  height: '',
  gender: '',
  appearance: '',
  personality: '',
  backstory: '',
  relationships: '',
  secrets: '',
  motivation: '',
  gameObjective: '',
  specialInstructions: '',
  gameplayTips: '',
  storylineHomepage: '',
  pressConferenceHomepage: null,
  isDetective: false,
  isPressConferenceReader: false,
  hasMemoryFlashes: false,
  searchWarrantEvidence: [],
  searchWarrantMedia: [],
};

const me: TMyCharacterResponse = {
  hasAccess: true,
  character,
  team: null,
  shadowTeam: null,
  gamePlayer: { id: ME, displayName: 'Me', voteLost: false, isHost: false },
  capabilities: NO_CAPABILITIES,
};

function results(view: TGameView): TVotingResults {
  const top = topSuspectsFromView(view) ?? [];
  return {
    allVotesSubmitted: true,
    totalVotes: 4,
    eligibleVoters: 4,
    suspectVotes: top,
    topSuspects: top.map((t) => ({ ...t, searchWarrantEvidence: [] })),
  };
}

function show(view: TGameView) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <OutcomeView game={view} me={me} character={character} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('topSuspectsFromView', () => {
  it('describes the top 3 from the pushed view as the REST results do', () => {
    const view = game();
    view.players = view.players.filter((p) => p.id !== CY);
    expect(topSuspectsFromView(view)).toEqual([
      { playerId: ADA, playerName: 'Ada', character: view.players[0]!.character, voteCount: 4, rank: 1 },
      { playerId: BEA, playerName: 'Bea', character: view.players[1]!.character, voteCount: 3, rank: 2 },
      { playerId: CY, playerName: 'Unknown player', character: null, voteCount: 1, rank: 3 },
    ]);
  });

  it('is null before the reveal', () => {
    expect(
      topSuspectsFromView({ ...game(), suspectVoting: { ...game().suspectVoting, topSuspects: null } }),
    ).toBeNull();
  });
});

describe('OutcomeView once the top 3 are revealed', () => {
  it('shows the top 3 from the push while the warrants are still on their way', () => {
    vi.stubGlobal('fetch', () => new Promise(() => undefined));
    show(game());
    const rows = within(screen.getByTestId('top-suspects')).getAllByTestId('top-suspect');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Rank 1Margaret Hale (Ada)Postmistress4 votes No Final Vote',
      'Rank 2Nigel Ashdown (Bea)Village Resident3 votes No Final Vote',
      'Rank 3Cy (Cy)Village Resident1 vote No Final Vote',
    ]);
    expect(screen.getByText('Serving the search warrants…')).toBeTruthy();
    expect(screen.queryByTestId('warrant')).toBeNull();
    expect(screen.getByRole('link', { name: 'Vote for the Killer' })).toBeTruthy();
  });

  it('adds the warrants once the results answer', async () => {
    const view = game();
    vi.stubGlobal('fetch', () =>
      Promise.resolve(new Response(JSON.stringify(results(view)), { status: 200 })),
    );
    show(view);
    expect(await screen.findAllByTestId('warrant')).toHaveLength(3);
    expect(screen.getAllByTestId('top-suspect')).toHaveLength(3);
    expect(screen.queryByText('Serving the search warrants…')).toBeNull();
  });
});
