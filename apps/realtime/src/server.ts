import { ConfigError, loadConfig } from './env.js';
import { buildApp } from './app.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const { app } = await buildApp(config);
  await app.listen({ port: config.PORT, host: config.HOST });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : config.PORT;
  const url = config.PUBLIC_URL ?? `http://localhost:${port}`;
  // Tests parse this line for the port; people read it for the URL.
  console.log(`Seekers & Shadows listening on http://127.0.0.1:${port} (open ${url}) [${config.DATABASE_URL ? 'postgres' : 'pglite'} + ${config.REDIS_URL ? 'redis' : 'in-process live store'}]`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
