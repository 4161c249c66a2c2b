import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { TLiveRoom } from '@ss/protocol';
import type { LiveStore } from './live-store.js';
import { createMemoryLiveStore } from './memory-live-store.js';
import { createRedisLiveStore } from './redis-live-store.js';

function room(version: number, id = randomUUID()): TLiveRoom {
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
