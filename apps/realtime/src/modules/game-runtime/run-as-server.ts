import type { TGameCommand } from '@ss/protocol';

/**
 * Sends a command as the server itself (a defence's or a reveal step's timer running out). The command bus hands
 * it to the side effects of each commit, so the timers that side effects set need no import of the bus.
 */
export type RunAsServer = (gameId: string, command: TGameCommand) => Promise<unknown>;
