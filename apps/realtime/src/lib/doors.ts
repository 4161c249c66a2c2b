import type { Config } from '../env.js';
import type { RateLimiter, RateRule } from './rate-limiter.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * The rate limit of each door, keyed as its comment says. Every guessable door has one limit per client address
 * and one per account (the e-mail, room code, seat, user or recipient it is about). A limit that strangers could
 * exhaust for someone else never stands alone: each names the way out that stays open (docs/SECURITY.md).
 */
function doorRules(config: Config) {
  return {
    /** Sign-up, sign-in and sign-in-link attempts per client address. */
    authAddress: { name: 'auth-ip', max: config.AUTH_RATE_LIMIT, windowMs: MINUTE },
    /** Sign-ups per e-mail address. */
    signUpAccount: { name: 'signup-account', max: 5, windowMs: HOUR },
    /**
     * Failed sign-ins per account from one address: the address that guesses is slowed down, not the account's
     * owner elsewhere.
     */
    signInFailAddress: {
      name: 'signin-fail-ip',
      max: 10,
      windowMs: 15 * MINUTE,
      message: 'Too many failed sign-ins from this network. Please wait 15 minutes, or ask for a sign-in link by e-mail.',
    },
    /**
     * Failed sign-ins per account from every address together (guessing spread over many addresses): password
     * sign-in waits, and the sign-in link by e-mail is the way in meanwhile.
     */
    signInFailAccount: {
      name: 'signin-fail-account',
      max: 100,
      windowMs: HOUR,
      message: 'Too many failed sign-ins for this account. Please use a sign-in link by e-mail, or try again later.',
    },
    /** Sign-in links mailed per account (the mail goes only to the account's own address). */
    signInLinkAccount: { name: 'signin-link-account', max: 3, windowMs: HOUR, message: 'A sign-in link was sent a few times already. Please check your inbox.' },
    /**
     * Join, rejoin, seat-move and table-screen attempts per client address, counted before the code is looked up,
     * so the limit (and its answer) is the same for a live code and a dead one.
     */
    joinAddress: { name: 'join-ip', max: config.AUTH_RATE_LIMIT, windowMs: MINUTE },
    /** Joins and rejoins per room code, from every address together (a room is at most 20 seats). */
    joinCode: { name: 'join-code', max: 300, windowMs: HOUR },
    /** Wrong seat PINs per client address: the address that guesses waits, not the seat's owner. */
    pinAddress: { name: 'pin-ip', max: 5, windowMs: 15 * MINUTE, message: 'Too many wrong PINs from this network. Please wait, or ask your host to let you back in.' },
    /**
     * Wrong PINs per seat from every address together (a 4-digit PIN must not be guessed by many addresses). The
     * PIN then waits; the host's approval and the seat's own phone still get in.
     */
    pinSeat: { name: 'pin-seat', max: 30, windowMs: HOUR, message: 'Too many wrong PINs for this seat. Please ask your host to let you back in.' },
    /**
     * Socket handshakes per client address and per token (a rate, next to the caps on sockets held): a flood of
     * connections is refused before it costs a join. A venue's phones all reconnecting at once fit in the first.
     */
    socketAddress: { name: 'socket-ip', max: config.SOCKET_HANDSHAKES_PER_MINUTE, windowMs: MINUTE },
    socketToken: { name: 'socket-token', max: Math.max(20, Math.floor(config.SOCKET_HANDSHAKES_PER_MINUTE / 10)), windowMs: MINUTE },
    /** Table-screen reads and connections per room code, from every address together. */
    tvCode: { name: 'tv-code', max: 600, windowMs: HOUR },
    /** Discount-code checks per client address, on every route that checks a code. */
    discountAddress: { name: 'discount-ip', max: config.AUTH_RATE_LIMIT, windowMs: MINUTE },
    /** Discount-code checks per signed-in account, on every route that checks a code. */
    discountAccount: { name: 'discount-account', max: 20, windowMs: HOUR, message: 'Too many promo code attempts. Please try again later.' },
    /** Games created per host account. */
    createGame: {
      name: 'create-game',
      max: config.GAME_CREATE_LIMIT,
      windowMs: HOUR,
      message: 'You have created many games in the last hour. Please wait a while before creating another.',
    },
    /** Report requests per client address. */
    reportAddress: { name: 'report-ip', max: config.AUTH_RATE_LIMIT, windowMs: HOUR, message: 'Many reports were requested from this network. Please try again later.' },
    /** Report e-mails per seat and per game: a handful, so the server is nobody's mail cannon. */
    reportPerPlayer: { name: 'report-player', max: 3, windowMs: HOUR, message: 'You have requested this report several times already. Please try again later.' },
    reportPerGame: { name: 'report-game', max: 12, windowMs: HOUR, message: 'This game has sent many reports already. Please try again later.' },
    /** Mails (reports, confirmation links, sign-in links) per recipient address, whoever asks. */
    mailPerRecipient: { name: 'mail-recipient', max: 3, windowMs: HOUR, message: 'This address has received several e-mails from us in the last hour. Please try again later.' },
  } satisfies Record<string, RateRule>;
}

export type Door = keyof ReturnType<typeof doorRules>;

export interface Doors {
  /** Counts one attempt at `door` for `key`; over the limit it throws 429 with Retry-After. */
  hit(door: Door, key: string): Promise<void>;
  /** Refuses (429) when `key` is over the limit at `door`, without counting (for counting failures only). */
  check(door: Door, key: string): Promise<void>;
  /**
   * A route's `preValidation` hook counting every request against its client address at `door`: a malformed try
   * counts too, since it runs before the input is validated.
   */
  perAddress(door: Door): (req: { ip: string }) => Promise<void>;
}

export function createDoors(config: Config, limiter: RateLimiter): Doors {
  const rules = doorRules(config);
  return {
    hit: (door, key) => limiter.hit(rules[door], key),
    check: (door, key) => limiter.check(rules[door], key),
    perAddress: (door) => (req) => limiter.hit(rules[door], req.ip),
  };
}
