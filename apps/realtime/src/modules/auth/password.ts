import { hash, verify } from '@node-rs/argon2';

// OWASP: argon2id, 19 MiB, 2 iterations, 1 lane.
const OPTIONS = { algorithm: 2 /* Algorithm.Argon2id (a const enum) */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

/** A valid hash of a random password: unknown e-mails still pay the verify cost, so timing tells nothing. */
let dummy: Promise<string> | undefined;
export const dummyHash = () => (dummy ??= hashPassword(`dummy-${Math.random()}`));
