import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCommandResponse, TGameView } from '@ss/protocol';
import { emitAck, startServer, TEST_MODE, type TestServer } from './harness.js';
import { createLobby, joinedSocket, type Lobby } from './game-setup.js';
import { TOY_TABLE } from './fixtures/toy-command.js';

const ADMIN = 'toy-admin@example.com';

describe(`a command added by one command table entry (${TEST_MODE})`, () => {
  let server: TestServer;
  let lobby: Lobby;
  beforeAll(async () => {
    server = await startServer({ env: { ADMIN_EMAILS: ADMIN }, commandTable: TOY_TABLE });
    lobby = await createLobby(server, ADMIN, 2);
  });
  afterAll(async () => server?.close());

  it('gets its REST route: status, answer, refusals and bad input as the entry declares', async () => {
    const path = `/api/games/${lobby.gameId}/toy-feedback`;
    const res = await lobby.api<TCommandResponse>('POST', path, { feedback: true }, lobby.host.token);
    expect(res.status).toBe(202);
    expect(res.body.success).toBe(true);
    expect(res.body.game.feedbackMode).toBe(true);
    const bad = await lobby.api<{ error: string }>('POST', path, { feedback: 'yes' }, lobby.host.token);
    expect(bad.status).toBe(400);
    const noToken = await lobby.api('POST', path, { feedback: false });
    expect(noToken.status).toBe(401);
    // Who may send it is the engine command's: set_feedback_mode is the host's.
    const player = await lobby.api<{ reason?: string }>('POST', path, { feedback: false }, lobby.players[0]!.token);
    expect(player.status).toBe(403);
    expect(player.body.reason).toBe('NOT_HOST');
    const after = await lobby.api<TGameView>('GET', `/api/games/${lobby.gameId}`, undefined, lobby.host.token);
    expect(after.body.feedbackMode).toBe(true);
  });

  it('gets its socket twin: same input plus gameId, acked, refused alike', async () => {
    const host = await joinedSocket(server, lobby.host.token, lobby.gameId);
    const player = await joinedSocket(server, lobby.players[1]!.token, lobby.gameId);
    try {
      const ack = await emitAck(host, 'toy:feedback', { gameId: lobby.gameId, feedback: false });
      expect(ack).toEqual({ ok: true, data: null });
      const after = await lobby.api<TGameView>('GET', `/api/games/${lobby.gameId}`, undefined, lobby.host.token);
      expect(after.body.feedbackMode).toBe(false);
      const refused = await emitAck(player, 'toy:feedback', { gameId: lobby.gameId, feedback: true });
      expect(refused.ok).toBe(false);
      if (!refused.ok) expect(refused.error.reason).toBe('NOT_HOST');
      const bad = await emitAck(host, 'toy:feedback', { gameId: lobby.gameId });
      expect(bad.ok).toBe(false);
      if (!bad.ok) expect(bad.error.status).toBe(400);
    } finally {
      host.close();
      player.close();
    }
  });

  it('gets its OpenAPI operation: body, answer, socket event and refusal codes', async () => {
    const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { requestBody: { content: Record<string, { schema: { required: string[] } }> }; responses: Record<string, unknown>; 'x-socket-event': string; 'x-refusals': string[] }>>;
    };
    const op = doc.paths['/api/games/{id}/toy-feedback']?.post;
    expect(op).toBeDefined();
    expect(op!.requestBody.content['application/json']!.schema.required).toEqual(['feedback']);
    expect(Object.keys(op!.responses)).toContain('202');
    expect(op!['x-socket-event']).toBe('toy:feedback');
    expect(op!['x-refusals']).toEqual(expect.arrayContaining(['NOT_HOST', 'GAME_STARTED']));
  });
});
