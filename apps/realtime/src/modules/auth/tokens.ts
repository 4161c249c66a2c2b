import { SignJWT, jwtVerify } from 'jose';
import { ZTokenClaims, type TTokenClaims } from '@ss/protocol';
import { unauthorized } from '../../lib/app-error.js';
import { createBoundedCache } from '../../lib/bounded-cache.js';

const ISSUER = 'seekers-and-shadows';
const USER_TTL = '7d';
const PLAYER_TTL = '2d';
const ROLE_TTL_MS = 5_000;

export interface TokenService {
  sign(claims: TTokenClaims & { ver?: number }): Promise<string>;
  verify(token: string): Promise<TTokenClaims & { ver?: number }>;
}

/** The user's role as the database holds it now; undefined when the user no longer exists. */
export type RoleLookup = (userId: string) => Promise<'host' | 'admin' | undefined>;

/**
 * A user token names a role, but the role it acts with is the database's (read at most every few seconds per
 * user), so `admin:grant --revoke` takes effect at once instead of when a 7-day token expires.
 */
export function createTokenService(secret: string, currentRole?: RoleLookup): TokenService {
  const key = new TextEncoder().encode(secret);
  const roles = createBoundedCache<string, { role: 'host' | 'admin' | undefined; at: number }>(20_000);
  const withCurrentRole = async (claims: TTokenClaims & { ver?: number }): Promise<TTokenClaims & { ver?: number }> => {
    if (claims.kind !== 'user' || !currentRole) return claims;
    let hit = roles.get(claims.sub);
    if (!hit || Date.now() - hit.at > ROLE_TTL_MS) {
      hit = { role: await currentRole(claims.sub), at: Date.now() };
      roles.set(claims.sub, hit);
    }
    if (!hit.role) throw unauthorized('Your session has expired or is invalid. Please sign in again.');
    return hit.role === claims.role ? claims : { ...claims, role: hit.role };
  };
  // Verified tokens are remembered until they expire: polling clients send the same token every few seconds.
  const verified = createBoundedCache<string, { claims: TTokenClaims & { ver?: number }; exp: number }>(20_000);
  return {
    async sign(claims) {
      return new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(claims.kind === 'user' ? USER_TTL : PLAYER_TTL)
        .sign(key);
    },
    async verify(token) {
      const hit = verified.get(token);
      if (hit && hit.exp > Date.now() / 1000) return withCurrentRole(hit.claims);
      let claims: TTokenClaims & { ver?: number };
      try {
        // A token without an expiry would be good forever: refused, whoever signed it.
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER, requiredClaims: ['exp'] });
        const parsed = ZTokenClaims.safeParse(payload);
        if (!parsed.success) throw new Error('bad claims');
        const ver = typeof payload.ver === 'number' ? payload.ver : undefined;
        claims = { ...parsed.data, ver };
        verified.set(token, { claims, exp: payload.exp as number });
      } catch {
        throw unauthorized('Your session has expired or is invalid. Please sign in again.');
      }
      return withCurrentRole(claims);
    },
  };
}
