import { ZSocketFinalVote, ZSocketRemoveVote, ZSocketSuspectVotes } from '@ss/protocol';
import type { AppContext } from '../../context.js';
import type { IO } from '../../plugins/socket.js';
import { handle, type GameSocket } from '../games/games.socket.js';
import { commandAs } from '../games/games.service.js';

/**
 * Socket twins of the voting commands: same schemas (plus gameId), same service functions; the change reaches
 * every client as a room:snapshot push. The principal was set by the games module's handshake middleware.
 */
export function registerVotingSockets(ctx: AppContext, io: IO): void {
  io.on('connection', (socket: GameSocket) => {
    const principal = socket.data.principal;
    socket.on(
      'vote:remove',
      handle(ctx, ZSocketRemoveVote, async (i) => {
        await commandAs(ctx, principal, i.gameId, { type: 'remove_vote', playerId: i.playerId }, i.commandId);
        return null;
      }),
    );
    socket.on(
      'vote:suspects',
      handle(ctx, ZSocketSuspectVotes, async (i) => {
        await commandAs(ctx, principal, i.gameId, { type: 'cast_suspect_ballot', suspects: i.suspects }, i.commandId);
        return null;
      }),
    );
    socket.on(
      'vote:final',
      handle(ctx, ZSocketFinalVote, async (i) => {
        await commandAs(ctx, principal, i.gameId, { type: 'cast_final_vote', suspectId: i.suspectId }, i.commandId);
        return null;
      }),
    );
  });
}

