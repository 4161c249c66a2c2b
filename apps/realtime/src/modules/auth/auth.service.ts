import { randomUUID } from 'node:crypto';
import type { TAuthResponse, TLoginRequest, TSignupRequest } from '@ss/protocol';
import type { DB } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import { conflict, unauthorized } from '../../lib/app-error.js';
import { dummyHash, hashPassword, verifyPassword } from './password.js';
import type { TokenService } from './tokens.js';
import { findUserByEmail, insertUser, setUserRole } from './users.repository.js';

export interface AuthDeps {
  db: DB;
  tokens: TokenService;
  adminEmails: readonly string[];
}

const INVALID_LOGIN = 'Invalid email or password';

export async function signup(deps: AuthDeps, input: TSignupRequest): Promise<TAuthResponse> {
  const role = deps.adminEmails.includes(input.email.toLowerCase()) ? 'admin' : 'host';
  const id = randomUUID();
  const passwordHash = await hashPassword(input.password);
  const inserted = await insertUser(deps.db, { id, displayName: input.displayName, email: input.email, passwordHash, role });
  if (!inserted) throw conflict('An account with this email already exists');
  return respond(deps, { id, display_name: input.displayName, email: input.email, role });
}

export async function login(deps: AuthDeps, input: TLoginRequest): Promise<TAuthResponse> {
  const user = await findUserByEmail(deps.db, input.email);
  if (!user) {
    await verifyPassword(await dummyHash(), input.password);
    throw unauthorized(INVALID_LOGIN);
  }
  if (!(await verifyPassword(user.password_hash, input.password))) throw unauthorized(INVALID_LOGIN);
  let role = user.role;
  if (role !== 'admin' && deps.adminEmails.includes(user.email_lower)) {
    role = 'admin';
    await setUserRole(deps.db, user.id, role);
  }
  return respond(deps, { ...user, role });
}

/** A session for a user proven another way (a sign-in link from their own mailbox). */
export async function session(deps: AuthDeps, user: UserRow): Promise<TAuthResponse> {
  const role = user.role !== 'admin' && deps.adminEmails.includes(user.email_lower) ? 'admin' : user.role;
  if (role !== user.role) await setUserRole(deps.db, user.id, role);
  return respond(deps, { ...user, role });
}

async function respond(deps: AuthDeps, u: Pick<UserRow, 'id' | 'display_name' | 'email' | 'role'>): Promise<TAuthResponse> {
  const token = await deps.tokens.sign({ kind: 'user', sub: u.id, role: u.role, name: u.display_name });
  return { user: { id: u.id, displayName: u.display_name, email: u.email, role: u.role }, token };
}
