import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TStorylineContent } from '@ss/protocol';
import { loadStorylineContent } from '../src/modules/storylines/content-loader.js';
import { seedStorylines } from '../src/modules/storylines/storyline-catalog.js';
import { apiFor, signupHost, startServer, TEST_MODE, type Api, type TestServer } from './harness.js';

// Every real storyline is published; a coming-soon draft ships in its own fixture folder.
const DRAFTS_DIR = path.join(path.dirname(new URL(import.meta.url).pathname), 'fixtures', 'content-drafts');

/** A draft cut from a shipped one: its own id, version 1, and the summary and pricing tiers under test. */
const draftOf = (stub: TStorylineContent, id: string, summary: string, pricingTiers: TStorylineContent['pricingTiers']): TStorylineContent => ({
  ...stub,
  id,
  version: 1,
  summary,
  pricingTiers,
});
/** A draft's pricing tier, its character limit its largest table. */
const tier = (id: string, displayName: string, minPlayers: number, maxPlayers: number, priceCents: number) => ({ id, displayName, minPlayers, maxPlayers, priceCents, characterLimit: maxPlayers });

/**
 * Coming-soon storylines are drafts: they load through the same schema, and none is sold for prepurchase while
 * its summary, player range and pricing tiers disagree.
 */
describe(`coming-soon storylines on sale only when range, tiers and summary agree (${TEST_MODE})`, () => {
  let server: TestServer;
  let api: Api;
  let shipped: TStorylineContent[];
  beforeAll(async () => {
    server = await startServer();
    api = apiFor(server);
    shipped = (await loadStorylineContent(DRAFTS_DIR)).filter((s) => s.status === 'coming_soon');
    // The drafts, seeded through the real seeding code next to the fixture storyline.
    await seedStorylines(server.ctx.db, shipped);
  });
  afterAll(async () => server?.close());

  const prepurchase = (token: string, userId: string, storylineId: string, pricingTierId: string) =>
    api<{ message: string; free?: boolean }>(
      'POST',
      '/api/payments/create-prepurchase-intent',
      { userId, storylineId, pricingTierId, email: 'fan@example.com', amountCents: 1 },
      token,
    );

  it('sells every shipped draft at each of its tiers', async () => {
    expect(shipped.length).toBeGreaterThan(0);
    const me = await signupHost(api);
    for (const s of shipped) {
      for (const t of s.pricingTiers) {
        const res = await prepurchase(me.token, me.userId, s.id, t.id);
        expect(res.status, `${s.id} ${t.id}: ${res.body.message}`).toBe(200);
      }
    }
  });

  it('refuses a draft whose summary names fewer people than its maximum, or whose tier lies outside its range', async () => {
    const me = await signupHost(api);
    const stub = shipped[0]!;
    // The stub as it once shipped: "Eleven people are trapped", sold up to 20 players.
    const eleven = { ...draftOf(stub, 'draft-eleven', 'Eleven people are trapped on the rock. Coming soon.', [tier('draft-eleven-6-20', '6 to 20 players', 6, 20, 2999)]), maxPlayers: 20 };
    const outside = draftOf(stub, 'draft-outside', 'A draft.', [
      tier('draft-outside-6-8', '6 to 8 players', 6, 8, 2499),
      tier('draft-outside-9-15', '9 to 15 players', 9, 15, 2999),
    ]);
    await seedStorylines(server.ctx.db, [eleven, outside]);
    const a = await prepurchase(me.token, me.userId, eleven.id, 'draft-eleven-6-20');
    expect([a.status, a.body.message]).toEqual([409, 'This storyline is not on sale yet: the summary names Eleven people, but the storyline seats up to 20 players']);
    // Every tier of a draft that disagrees is off sale, even the one inside its range.
    // The shop says so: neither is on sale, the shipped drafts are.
    const list = await api<Array<{ id: string; onSale: boolean }>>('GET', '/api/storylines');
    const onSale = new Map(list.body.map((s) => [s.id, s.onSale]));
    expect([onSale.get(eleven.id), onSale.get(outside.id)]).toEqual([false, false]);
    for (const s of shipped) expect(onSale.get(s.id), s.id).toBe(true);
    for (const tier of ['draft-outside-6-8', 'draft-outside-9-15']) {
      const b = await prepurchase(me.token, me.userId, outside.id, tier);
      expect([b.status, b.body.message]).toEqual([409, `This storyline is not on sale yet: tier "draft-outside-9-15" (9-15 players) is outside the storyline's 6-${stub.maxPlayers} players`]);
    }
    expect(await server.ctx.db.selectFrom('prepurchases').selectAll().where('user_id', '=', me.userId).execute()).toEqual([]);
  });

  it('retires a tier an older version sold that the current content no longer offers: not listed, not sold', async () => {
    const me = await signupHost(api);
    const stub = shipped[0]!;
    const v1 = draftOf(stub, 'draft-retiered', 'A draft.', [tier('draft-retiered-old', 'Old tier', stub.minPlayers, stub.maxPlayers, 999)]);
    const v2: TStorylineContent = { ...v1, version: 2, pricingTiers: stub.pricingTiers.map((t) => ({ ...t, id: t.id.replace(stub.id, 'draft-retiered') })) };
    await seedStorylines(server.ctx.db, [v1]);
    await seedStorylines(server.ctx.db, [v2]);
    const listed = await api<Array<{ id: string }>>('GET', `/api/storylines/${v1.id}/pricing-tiers`);
    expect(listed.body.map((t) => t.id)).toEqual(v2.pricingTiers.map((t) => t.id));
    const old = await prepurchase(me.token, me.userId, v1.id, 'draft-retiered-old');
    expect([old.status, old.body.message]).toEqual([400, 'This player-count option does not exist for this storyline']);
    expect((await prepurchase(me.token, me.userId, v2.id, v2.pricingTiers[0]!.id)).status).toBe(200);
  });
});
