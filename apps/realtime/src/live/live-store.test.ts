import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import type { TGameState } from '@ss/protocol';
import type { LiveStore } from './live-store.js';
import { createMemoryLiveStore } from './memory-live-store.js';
import { createRedisLiveStore } from './redis-live-store.js';

function room(version: number, id: string = randomUUID()): TGameState {
  return {
    version,
    game: {
      id,
      joinCode: 'ABCDEF',
      title: 'T',
      storylineId: 's',
      storylineVersion: 1,
      hostUserId: randomUUID(),
      status: 'setup',
      currentPhase: 0,
      isTestingMode: false,
      feedbackMode: false,
      characterLimit: 10,
      minPlayers: 4,
      expectedPlayers: null,
      leaderPlayerId: null,
      amountPaidCents: 0,
      createdAt: new Date().toISOString(),
      startedAt: null,
      completedAt: null,
      deletedAt: null,
    },
    players: [],
    suspectVoting: { voterIds: [], ballots: {}, tally: {}, topSuspects: null },
    finalVoting: { voterIds: [], votes: {}, tally: {} },
    defence: null,
    results: null,
  };
}

const stores: [string, () => LiveStore][] = [
  ['memory', () => createMemoryLiveStore()],
  ['redis', () => createRedisLiveStore(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379')],
];

// One contract, both implementations.
describe.each(stores)('live store contract: %s', (_name, make) => {
  const store = make();
  afterAll(() => store.close());

  it('returns what was put, frozen: neither the writer nor a reader can change the stored room', async () => {
    const r = room(3);
    expect(await store.put(r, 60)).toBe(true);
    expect(() => r.players.push({} as never)).toThrow(TypeError);
    const got = await store.get(r.game.id);
    expect(got).toEqual(r);
    expect(() => got!.players.push({} as never)).toThrow(TypeError);
    expect((await store.get(r.game.id))?.players).toHaveLength(0);
  });

  it('never lets an older version overwrite a newer one', async () => {
    const r = room(5);
    await store.put(r, 60);
    expect(await store.put({ ...r, version: 4, game: { ...r.game, currentPhase: 3 } }, 60)).toBe(false);
    expect((await store.get(r.game.id))?.version).toBe(5);
    expect(await store.put({ ...r, version: 6 }, 60)).toBe(true);
    expect((await store.get(r.game.id))?.version).toBe(6);
  });

  it('forgets deleted and expired rooms', async () => {
    const r = room(1);
    await store.put(r, 60);
    await store.delete(r.game.id);
    expect(await store.get(r.game.id)).toBeNull();
    const e = room(1);
    await store.put(e, 1);
    await new Promise((res) => setTimeout(res, 1100));
    expect(await store.get(e.game.id)).toBeNull();
  });

  it('answers ping', async () => {
    await expect(store.ping()).resolves.toBeUndefined();
  });
});

describe('redis live store: a room is written as its changed parts', () => {
  const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const a = createRedisLiveStore(url);
  const b = createRedisLiveStore(url);
  /** A third instance that only reads: what it gets is parsed from Redis, not taken from a writer's memory. */
  const reader = () => createRedisLiveStore(url);
  afterAll(() => Promise.all([a.close(), b.close()]));

  const vote = (r: TGameState): TGameState => {
    const voter = randomUUID();
    return {
      ...r,
      version: r.version + 1,
      suspectVoting: {
        ...r.suspectVoting,
        voterIds: [...r.suspectVoting.voterIds, voter],
        ballots: { ...r.suspectVoting.ballots, [voter]: [randomUUID(), randomUUID(), randomUUID()] },
      },
    };
  };

  async function readBack(id: string) {
    const store = reader();
    try {
      return await store.get(id);
    } finally {
      await store.close();
    }
  }

  it('puts written back to back (as a busy game is, one per commit) read back whole on another instance', async () => {
    const r1 = room(1);
    const r2 = vote(r1);
    const r3 = vote(r2);
    // Sent without waiting: each patch builds on the write queued before it.
    expect(await Promise.all([a.put(r1, 60), a.put(r2, 60), a.put(r3, 60)])).toEqual([true, true, true]);
    expect(await readBack(r1.game.id)).toEqual(r3);
  });

  it('a patch goes only over the very room it was made from: two writers never leave a mix of their rooms', async () => {
    const r1 = room(1);
    const r2 = vote(r1);
    expect(await a.put(r1, 60)).toBe(true);
    expect(await a.put(r2, 60)).toBe(true);
    // b writes version 3 with another game part; a then writes version 4 from its r2 (same game part as r2). A
    // patch of a's changes since r2 would keep b's game part: a must send its whole room instead.
    const r3 = { ...r2, version: 3, game: { ...r2.game, currentPhase: 5 } };
    expect(await b.put(r3, 60)).toBe(true);
    const r4 = { ...vote(r2), version: 4 };
    expect(await a.put(r4, 60)).toBe(true);
    expect(await readBack(r1.game.id)).toEqual(r4);
    // An older room sent late changes nothing.
    expect(await b.put(r3, 60)).toBe(false);
    expect(await readBack(r1.game.id)).toEqual(r4);
  });

  it('a part the state no longer has is gone from the stored room', async () => {
    const r1 = { ...room(1), extra: { note: 'x' } } as TGameState;
    const r2 = { ...room(2, r1.game.id), game: r1.game };
    expect(await a.put(r1, 60)).toBe(true);
    expect(await a.put(r2, 60)).toBe(true);
    const got = await readBack(r1.game.id);
    expect(got).toEqual(r2);
    expect(got && 'extra' in got).toBe(false);
  });

  it('after Redis lost the room (flushed, restarted) the next write is the whole room', async () => {
    const r1 = room(1);
    expect(await a.put(r1, 60)).toBe(true);
    // Only this room's key: other suites share this Redis.
    const raw = new Redis(url);
    await raw.del(`ss:live:${r1.game.id}`);
    await raw.quit();
    const r2 = vote(r1);
    // A patch over nothing is refused and the whole room goes.
    expect(await a.put(r2, 60)).toBe(true);
    expect(await readBack(r1.game.id)).toEqual(r2);
  });
});
