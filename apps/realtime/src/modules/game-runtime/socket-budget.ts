import type { Socket } from 'socket.io';

export interface SocketLimits {
  perToken: number;
  perAddress: number;
}

/**
 * How many sockets this instance holds per token and per client address, every namespace together. A socket over
 * either cap is refused at its handshake (SocketRefusal.TOO_MANY_SOCKETS), so one phone or one address cannot
 * hold thousands of connections; each is released when the socket disconnects.
 */
export function createSocketBudget(limits: SocketLimits) {
  const byToken = new Map<string, number>();
  const byAddress = new Map<string, number>();
  const add = (m: Map<string, number>, key: string, d: number) => {
    const n = (m.get(key) ?? 0) + d;
    if (n <= 0) m.delete(key);
    else m.set(key, n);
  };
  return {
    /** Counts the socket in, or answers false (and counts nothing) when a cap is reached. */
    admit(socket: Socket, address: string, token: string | undefined): boolean {
      if (socket.conn.readyState !== 'open') return false;
      if ((byAddress.get(address) ?? 0) >= limits.perAddress) return false;
      if (token !== undefined && (byToken.get(token) ?? 0) >= limits.perToken) return false;
      add(byAddress, address, 1);
      if (token !== undefined) add(byToken, token, 1);
      socket.once('disconnect', () => {
        add(byAddress, address, -1);
        if (token !== undefined) add(byToken, token, -1);
      });
      return true;
    },
    /** Sockets held for an address (tests and metrics). */
    heldBy(address: string): number {
      return byAddress.get(address) ?? 0;
    },
  };
}

export type SocketBudget = ReturnType<typeof createSocketBudget>;
