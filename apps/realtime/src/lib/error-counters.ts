/**
 * Process-wide counts of infrastructure errors (Postgres queries and connections, Redis connections). They are
 * counted where the clients are created, which know nothing of metrics; the metrics endpoint reads them.
 */
export const infraErrors = { postgres: 0, redis: 0 };
