import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './env.js';
import type { DB } from './db/database.js';
import type { LiveStore } from './live/live-store.js';
import type { TokenService } from './modules/auth/tokens.js';
import type { StorylineCatalog } from './modules/storylines/storyline-catalog.js';
import type { GameBroadcaster } from './modules/game-runtime/broadcaster.js';
import type { Doors } from './lib/doors.js';
import type { Mailer } from './modules/reports/mailer.js';
import type { SocketBudget } from './modules/game-runtime/socket-budget.js';
import type { CommandTable } from '@ss/protocol';

/** Everything a feature needs, built once by buildApp and passed down (no globals). */
export interface AppContext {
  config: Config;
  db: DB;
  dbKind: 'pglite' | 'postgres';
  live: LiveStore;
  tokens: TokenService;
  catalog: StorylineCatalog;
  broadcaster: GameBroadcaster;
  log: FastifyBaseLogger;
  /** Rate limits per door (sign-in, join, game creation, report e-mails). */
  doors: Doors;
  /** Sockets held per token and per client address, every namespace together. */
  sockets: SocketBudget;
  /** The client address of a socket handshake, as Fastify's req.ip computes it for HTTP (TRUST_PROXY). */
  clientAddress(peer: string, forwardedFor: string | string[] | undefined): string;
  /** SMTP, or the outbox directory in embedded mode. */
  mailer: Mailer;
  /** The game commands callers send (the protocol's COMMAND_TABLE; tests may add a toy entry). */
  commands: CommandTable;
}
