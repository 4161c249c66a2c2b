/**
 * Grants (or with --revoke, removes) the admin role: `pnpm --filter @ss/realtime admin:grant <email> [--revoke]`.
 * Uses the same configuration as the server (DATABASE_URL, else the PGlite data dir). PGlite is single-process:
 * in embedded mode stop the server first. Admin checks read the role from the database, so it applies at once.
 */
import { ConfigError, loadConfig } from '../env.js';
import { migrateToLatest, openDatabase } from '../db/database.js';
import { findUserByEmail, setUserRole } from '../modules/auth/users.repository.js';

export async function grantAdmin(argv: string[], env?: NodeJS.ProcessEnv): Promise<{ code: number; message: string }> {
  const args = argv.filter((a) => a !== '--');
  const revoke = args.includes('--revoke');
  const email = args.find((a) => !a.startsWith('--'));
  if (!email) return { code: 2, message: 'Usage: pnpm --filter @ss/realtime admin:grant <email> [--revoke]' };
  // No env given: loadConfig reads the process environment itself (env.ts is its only reader).
  const config = loadConfig(env);
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await migrateToLatest(database.db);
    const user = await findUserByEmail(database.db, email);
    if (!user) return { code: 1, message: `No account with e-mail ${email}. Sign up first, then run this again.` };
    const role = revoke ? 'host' : 'admin';
    await setUserRole(database.db, user.id, role);
    return { code: 0, message: `${user.email} is now ${role === 'admin' ? 'an admin' : 'a host (admin removed)'}.` };
  } finally {
    await database.close();
  }
}

const isMain = import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('admin-grant.ts');
if (isMain) {
  grantAdmin(process.argv.slice(2))
    .then(({ code, message }) => {
      (code === 0 ? console.log : console.error)(message);
      process.exit(code);
    })
    .catch((err: unknown) => {
      console.error(err instanceof ConfigError || err instanceof Error ? err.message : err);
      process.exit(1);
    });
}
