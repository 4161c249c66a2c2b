import { afterAll, beforeAll } from 'vitest';
import { apiFor, startServer, type Api, type TestServer } from './harness.js';

export interface SuiteServer {
  /** The running server (from the suite's first beforeAll on; reading it earlier throws). */
  readonly server: TestServer;
  /** Calls the running server; safe to keep in a const, it reaches the server only when called. */
  readonly api: Api;
}

type StartOptions = NonNullable<Parameters<typeof startServer>[0]>;

/**
 * One server for the enclosing describe block: started by a beforeAll registered here (so it runs after the hooks
 * registered before it and before the suite's later ones, which may use it) and closed by its afterAll, which runs
 * after the later ones' (vitest runs after-hooks in reverse order). Options that depend on an earlier hook's result
 * are given as a function, called when the server starts.
 */
export function serverForSuite(opts: StartOptions | (() => StartOptions) = {}): SuiteServer {
  let running: { server: TestServer; api: Api } | undefined;
  beforeAll(async () => {
    const server = await startServer(typeof opts === 'function' ? opts() : opts);
    running = { server, api: apiFor(server) };
  });
  afterAll(async () => running?.server.close());
  const live = () => {
    if (!running) throw new Error('the suite server starts in beforeAll: read it inside a hook or a test');
    return running;
  };
  return {
    get server() {
      return live().server;
    },
    api: (method, path, body, token) => live().api(method, path, body, token),
  };
}
