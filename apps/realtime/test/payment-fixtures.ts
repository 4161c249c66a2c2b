import type { TStorylineContent } from '@ss/protocol';
import { seedStorylines } from '../src/modules/storylines/storyline-catalog.js';
import { loadFixtureStoryline } from './fixture-storyline.js';
import type { TestServer } from './harness.js';
import type { Api } from './harness.js';

/**
 * Two storylines of our own for payment tests (one published, one coming soon), seeded through the real seeding
 * code, so these tests do not depend on the shipped content or its prices.
 */
const base = (id: string, status: 'published' | 'coming_soon', tiers: TStorylineContent['pricingTiers']): TStorylineContent => ({
  id,
  version: 1,
  title: status === 'published' ? 'The Ledger at Harrow Hall' : 'Murder on the Night Ferry',
  summary: 'A test storyline for payments.',
  status,
  minPlayers: 4,
  maxPlayers: 20,
  duration: '45-60 min',
  difficulty: 'Intermediate',
  image: { url: `/content/${id}/cover.svg`, caption: 'Cover', alt: 'Cover art', type: 'image' },
  pricingTiers: tiers,
  days: [],
  castOrder: [],
  shadowsByPlayerCount: {},
  shadowCandidates: [],
  characters: [],
});

export const MANOR = 'pay-test-manor';
export const SOON = 'pay-test-soon';
export const TIERS = {
  small: { id: 'pay-test-small', displayName: '4-10 Players', minPlayers: 4, maxPlayers: 10, priceCents: 2999, characterLimit: 10 },
  medium: { id: 'pay-test-medium', displayName: '11-15 Players', minPlayers: 11, maxPlayers: 15, priceCents: 3999, characterLimit: 15 },
  large: { id: 'pay-test-large', displayName: '16-20 Players', minPlayers: 16, maxPlayers: 20, priceCents: 4999, characterLimit: 20 },
  soon: { id: 'pay-test-soon-tier', displayName: 'Up to 10 Players', minPlayers: 4, maxPlayers: 10, priceCents: 1999, characterLimit: 10 },
} as const;

export async function seedPaymentFixtures(server: TestServer): Promise<void> {
  // The published one is playable (a game needs a case): the fixture manor's cast and cases under our own id and prices.
  const manor = await loadFixtureStoryline();
  const { id: _id, title: _title, status: _status, pricingTiers: _tiers, ...play } = manor;
  await seedStorylines(server.ctx.db, [
    { ...base(MANOR, 'published', [TIERS.small, TIERS.medium, TIERS.large]), ...play, maxPlayers: 20 },
    base(SOON, 'coming_soon', [TIERS.soon]),
  ]);
}

/** Creates a discount code straight in the database (the admin API has its own tests). */
export async function insertCode(
  server: TestServer,
  code: string,
  o: { type?: 'percentage' | 'fixed_amount'; value?: number; limit?: number | null; active?: boolean; expiresAt?: Date | null } = {},
): Promise<string> {
  const id = crypto.randomUUID();
  await server.ctx.db
    .insertInto('discount_codes')
    .values({
      id,
      code,
      name: `Campaign ${code}`,
      discount_type: o.type ?? 'percentage',
      discount_value: o.value ?? 100,
      usage_limit: o.limit === undefined ? null : o.limit,
      is_active: o.active ?? true,
      expires_at: o.expiresAt ?? null,
      created_at: new Date(),
    })
    .execute();
  return id;
}

export const buy = (api: Api, token: string, body: Record<string, unknown>) => api<Record<string, unknown>>('POST', '/api/payments/create-intent', body, token);
