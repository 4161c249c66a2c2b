import type { Config } from '../env.js';
import type { RateLimiter, RateRule } from './rate-limiter.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The rate limit of each door, keyed as its comment says. */
function doorRules(config: Config) {
  return {
    /** Sign-up and sign-in attempts per client address. */
    authAddress: { name: 'auth-ip', max: config.AUTH_RATE_LIMIT, windowMs: MINUTE },
    /** Failed sign-ins per account, whatever address they come from (password guessing spread over addresses). */
    signInAccount: {
      name: 'signin-account',
      max: 10,
      windowMs: 15 * MINUTE,
      message: 'Too many failed sign-ins for this account. Please wait 15 minutes and try again.',
    },
    /**
     * Join and rejoin attempts per client address, counted before the code is looked up, so the limit (and its
     * answer) is the same for a live code and a dead one.
     */
    joinAddress: { name: 'join-ip', max: config.AUTH_RATE_LIMIT, windowMs: MINUTE },
    /** Discount-code checks per client address (codes are guessable one request at a time otherwise). */
    discountAddress: { name: 'discount-ip', max: config.AUTH_RATE_LIMIT, windowMs: MINUTE },
    /** Games created per host account. */
    createGame: {
      name: 'create-game',
      max: config.GAME_CREATE_LIMIT,
      windowMs: HOUR,
      message: 'You have created many games in the last hour. Please wait a while before creating another.',
    },
    /** Report e-mails per seat and per game: a handful, so the server is nobody's mail cannon. */
    reportPerPlayer: { name: 'report-player', max: 3, windowMs: HOUR, message: 'You have requested this report several times already. Please try again later.' },
    reportPerGame: { name: 'report-game', max: 12, windowMs: HOUR, message: 'This game has sent many reports already. Please try again later.' },
  } satisfies Record<string, RateRule>;
}

export type Door = keyof ReturnType<typeof doorRules>;

export interface Doors {
  /** Counts one attempt at `door` for `key`; over the limit it throws 429 with Retry-After. */
  hit(door: Door, key: string): Promise<void>;
  /** Refuses (429) when `key` is over the limit at `door`, without counting (for counting failures only). */
  check(door: Door, key: string): Promise<void>;
}

export function createDoors(config: Config, limiter: RateLimiter): Doors {
  const rules = doorRules(config);
  return {
    hit: (door, key) => limiter.hit(rules[door], key),
    check: (door, key) => limiter.check(rules[door], key),
  };
}
