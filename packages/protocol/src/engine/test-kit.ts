// Test helpers for the engine's unit and property tests (not exported from the package).
import type { TContentCharacter, TStorylineContent } from '../content.js';
import type { Actor } from './command.js';
import type { TGameCommand } from './commands/index.js';
import { decide } from './decide.js';
import { evolve } from './evolve.js';
import type { TGameEvent } from './events.js';
import { newGame, newSeat, type EngineStoryline, type TGameState } from './state.js';

const media = (caption: string) => ({ url: '/content/kit/art.svg', caption, alt: caption, type: 'image' as const });

/** An n-character storyline of `dayCount` days: c0 is the killer, c1 the detective (profession "Detective Inspector"). */
export function kitStoryline(n = 12, dayCount = 4): EngineStoryline {
  const characters = Array.from({ length: n }, (_, i) => ({
    id: `c${i}`,
    name: `Character ${i}`,
    role: 'Suspect',
    description: `Public description ${i}`,
    profession: i === 1 ? 'Detective Inspector' : `Trade ${i}`,
    age: 40,
    height: 'Average',
    gender: 'Unspecified',
    appearance: 'Neat.',
    personality: 'Careful.',
    backstory: `Backstory ${i}`,
    relationships: `Knows {{?c${(i + 1) % n}}}{{c${(i + 1) % n}}}{{:}}nobody{{/}}.`,
    secrets: `SECRET-${i}`,
    motivation: 'To win.',
    image: media(`Portrait ${i}`),
    gameObjective: 'Find out.',
    specialInstructions: 'Listen.',
    gameplayTips: 'Share.',
    storylineHomepage: `You are ${i}.`,
    searchWarrantEvidence: [media(`WARRANT-${i}`)],
    days: [],
  })) as unknown as TContentCharacter[];
  const content = {
    id: 'kit',
    version: 1,
    title: 'Kit Manor',
    minPlayers: 4,
    maxPlayers: n,
    days: Array.from({ length: dayCount }, (_, i) => i + 1).map((day) => ({ day, date: `Date ${day}`, name: `Day name ${day}`, clue: '', bannerImage: '/x.svg' })),
    roles: { killerCharacterId: 'c0', detectiveCharacterId: 'c1', pressConferenceCharacterId: 'c2', memoryFlashCharacterIds: ['c3'] },
    castOrder: characters.map((c) => c.id),
    shadowsByPlayerCount: { 4: 1, 5: 1, 6: 2, 7: 2, 8: 2, 9: 3, 10: 3, 11: 3, 12: 4 },
    shadowCandidates: characters.slice(2).map((c) => c.id),
    characters,
    hostKit: {
      overview: 'A kit evening.',
      setup: ['Lay out the cards.'],
      phases: {},
      hints: [
        { id: 'h-key', title: 'Who had the key?', text: 'Compare the key ledger with the map.', fromDay: 1 },
        { id: 'h-late', title: 'Where was everyone at ten?', text: 'Put the statements side by side.', fromDay: 3 },
      ],
    },
  } as unknown as TStorylineContent;
  return { content, characters: new Map(characters.map((c) => [c.id, c])) };
}

export const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
export const GAME_ID = uuid(0xfff);
export const HOST_USER = uuid(0xeee);
export const HOST_SEAT = uuid(1);
export const T0 = Date.UTC(2026, 10, 23, 9, 0, 0);

export function kitGameCreated(opts: { characterLimit?: number; testing?: boolean } = {}): TGameEvent {
  return {
    type: 'game_created',
    game: newGame({
      id: GAME_ID,
      joinCode: 'ABCDEF',
      title: 'Kit Manor',
      storylineId: 'kit',
      storylineVersion: 1,
      hostUserId: HOST_USER,
      isTestingMode: opts.testing ?? false,
      feedbackMode: false,
      characterLimit: opts.characterLimit ?? 10,
      minPlayers: 4,
      expectedPlayers: null,
      amountPaidCents: 0,
      createdAt: new Date(T0).toISOString(),
    }),
    host: newSeat({ id: HOST_SEAT, displayName: 'Host', isHost: true, joinedAt: new Date(T0).toISOString() }),
  };
}

export const hostActor: Actor = { role: 'host', playerId: HOST_SEAT };
export const seatActor = (playerId: string): Actor => ({ role: 'player', playerId });
export const guest: Actor = { role: 'guest', playerId: null };
export const system: Actor = { role: 'system', playerId: null };

/** A game log being played: run commands, keep the events (with sequence numbers) and the state. */
export class KitGame {
  state: TGameState;
  log: { seq: number; event: TGameEvent }[] = [];
  now = T0;
  constructor(
    readonly storyline = kitStoryline(),
    created = kitGameCreated(),
  ) {
    this.state = evolve(undefined as unknown as TGameState, created, 1);
    this.log.push({ seq: 1, event: created });
  }
  run(command: TGameCommand, actor: Actor) {
    this.now += 1000;
    const d = decide(this.state, command, actor, this.storyline, this.now);
    if (d.ok) {
      for (const event of d.events) {
        const seq = this.state.version + 1;
        this.state = evolve(this.state, event, seq);
        this.log.push({ seq, event });
      }
    }
    return d;
  }
  /** Seats n players (ids uuid(2)..), assigns c0..cn to host + players, starts. */
  seatAndStart(players: number) {
    for (let i = 0; i < players; i++) this.run({ type: 'join', playerId: uuid(2 + i), displayName: `Player ${i}` }, guest);
    this.state.players.forEach((p, i) => this.run({ type: 'assign_character', playerId: p.id, characterId: `c${i}` }, hostActor));
    return this.run({ type: 'start_game' }, hostActor);
  }
}
