import { afterAll, beforeAll } from 'vitest';
import { apiFor, startServer, type Api, type TestServer } from './harness.js';

export interface SuiteServer {
  /** The running server (from the suite's first beforeAll on; reading it earlier throws). */
  readonly server: TestServer;
  /** Calls the running server; safe to keep in a const, it reaches the server only when called. */
  readonly api: Api;
}

/**
 * One server for the enclosing describe block: started by a beforeAll registered here (so it runs before the
 * suite's own beforeAll hooks, which may use it) and closed by an afterAll that, registered first, runs last.
 */
export function serverForSuite(opts: Parameters<typeof startServer>[0] = {}): SuiteServer {
  let running: { server: TestServer; api: Api } | undefined;
  beforeAll(async () => {
    const server = await startServer(opts);
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
