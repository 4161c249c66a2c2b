import { SignJWT, jwtVerify } from 'jose';
import { ZTokenClaims, type TTokenClaims } from '@ss/protocol';
import { unauthorized } from '../../lib/app-error.js';
import { createBoundedCache } from '../../lib/bounded-cache.js';

const ISSUER = 'seekers-and-shadows';
const USER_TTL = '7d';
const PLAYER_TTL = '2d';

export interface TokenService {
  sign(claims: TTokenClaims & { ver?: number }): Promise<string>;
  verify(token: string): Promise<TTokenClaims & { ver?: number }>;
}

export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
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
      if (hit && hit.exp > Date.now() / 1000) return hit.claims;
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER });
        const parsed = ZTokenClaims.safeParse(payload);
        if (!parsed.success) throw new Error('bad claims');
        const ver = typeof payload.ver === 'number' ? payload.ver : undefined;
        const claims = { ...parsed.data, ver };
        verified.set(token, { claims, exp: payload.exp ?? 0 });
        return claims;
      } catch {
        throw unauthorized('Your session has expired or is invalid. Please sign in again.');
      }
    },
  };
}
