import type { TokenService } from './tokens.js';
import { unauthorized } from '../../lib/app-error.js';

/** A user token whose user the database no longer has. */
export const UNKNOWN_USER_MESSAGE = 'Authentication required';

export type Principal =
  | { kind: 'user'; userId: string; role: 'host' | 'admin'; name: string }
  | { kind: 'player'; playerId: string; gameId: string; sessionVersion: number; name: string };

export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const m = /^Bearer\s+(.+)$/i.exec(header.trim());
  return m?.[1];
}

/** Verifies the token's signature and expiry. Player-session revocation is checked by the games module. */
export async function principalFromToken(tokens: TokenService, token: string | undefined): Promise<Principal> {
  if (!token) throw unauthorized('Authentication required');
  const c = await tokens.verify(token);
  if (c.kind === 'user') return { kind: 'user', userId: c.sub, role: c.role, name: c.name };
  return { kind: 'player', playerId: c.sub, gameId: c.gameId, sessionVersion: c.ver ?? 1, name: c.name };
}
