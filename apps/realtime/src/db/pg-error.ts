/** Postgres (and PGlite) report a unique constraint violated with SQLSTATE 23505. */
export const isUniqueViolation = (err: unknown) =>
  typeof err === 'object' && err !== null && 'code' in err && (err as { code?: string }).code === '23505';
