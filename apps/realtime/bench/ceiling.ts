/**
 * The two ceilings the bench compares the server with (`pnpm bench -- --ceiling memory|durable`): a bare Socket.IO
 * relay that keeps the games in memory, and the same relay that first INSERTs every ballot into Postgres with one
 * multi-row insert per commit (group commit). Same socket events, same ballot validation as the engine (three
 * different other players of the game, once), same delta push (the changed counter, in the same compact wire form)
 * and reveal of the top 3.
 */
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { Server } from 'socket.io';
import { checkSuspectBallot, encodeRoomDelta, rankSuspects, ROOM_DELTA, type PatchOp } from '@ss/protocol';

const { values: a } = parseArgs({ options: { kind: { type: 'string' }, games: { type: 'string' }, players: { type: 'string' }, db: { type: 'string' } } });
const kind = a.kind === 'durable' ? 'durable' : 'memory';
const uuid = (g: number, p: number) => `00000000-0000-4000-8000-${(g * 100 + p).toString(16).padStart(12, '0')}`;
interface Game { id: string; seats: string[]; ballots: Map<string, string[]>; version: number; revealed: boolean }
const games = new Map<string, Game>();
for (let g = 1; g <= Number(a.games); g++) {
  const id = uuid(g, 0);
  games.set(id, { id, seats: Array.from({ length: Number(a.players) + 1 }, (_, p) => uuid(g, p + 1)), ballots: new Map(), version: 1, revealed: false });
}
const pool = kind === 'durable' ? new pg.Pool({ connectionString: a.db, max: 4 }) : null;
await pool?.query('CREATE TABLE IF NOT EXISTS ballots (game_id uuid, voter uuid, suspects jsonb, PRIMARY KEY (game_id, voter))');

const http = createServer((req, res) => {
  const list = [...games.values()].map((g) => ({ id: g.id, version: g.version, revealed: g.revealed, seats: g.seats.map((s) => ({ playerId: s, token: s })) }));
  res.setHeader('content-type', 'application/json').end(JSON.stringify(list));
});
const io = new Server(http, { transports: ['websocket'] });
type Ack = (r: unknown) => void;
interface Ballot { game: Game; voter: string; suspects: string[]; ack: Ack }
let queue: Ballot[] = [];
let committing = false;

function apply({ game, voter, suspects, ack }: Ballot) {
  game.ballots.set(voter, suspects);
  const from = game.version++;
  const ops: PatchOp[] = [[['suspectVoting', 'submittedCount'], game.ballots.size]];
  const events = ['suspect_ballot_cast'];
  if (game.ballots.size === game.seats.length) {
    const tally = new Map<string, number>();
    for (const s of game.ballots.values()) for (const id of s) tally.set(id, (tally.get(id) ?? 0) + 1);
    ops.push([['suspectVoting', 'topSuspects'], rankSuspects(tally, game.seats).slice(0, 3)]);
    events.push('suspects_revealed');
    game.revealed = true;
  }
  // The same compact wire form as the server's pushes (protocol wire/delta.ts), seats named by position.
  io.to(game.id).emit(ROOM_DELTA, ...encodeRoomDelta({ from, to: game.version, events, ops, serverTime: Date.now() }, game.seats.map((id) => ({ id }))));
  ack({ ok: true, data: null });
}

async function commit() {
  committing = true;
  while (queue.length > 0) {
    const batch = queue;
    queue = [];
    const values = batch.flatMap((b) => [b.game.id, b.voter, JSON.stringify(b.suspects)]);
    const rows = batch.map((_, i) => `($${i * 3 + 1}, $${i * 3 + 2}, $${i * 3 + 3})`).join(',');
    await pool?.query(`INSERT INTO ballots VALUES ${rows} ON CONFLICT DO NOTHING`, values);
    batch.forEach(apply);
  }
  committing = false;
}

io.on('connection', (socket) => {
  const me = String((socket.handshake.auth as { token?: string }).token);
  socket.on('game:join', ({ gameId }: { gameId: string }, ack: Ack) => {
    void socket.join(gameId);
    ack({ ok: true, data: { game: { version: games.get(gameId)?.version } } });
  });
  socket.on('vote:suspects', ({ gameId, suspects }: { gameId: string; suspects: string[] }, ack: Ack) => {
    const game = games.get(gameId);
    const problem = game ? checkSuspectBallot(me, suspects, new Set(game.seats)) : 'unknown_player';
    if (!game || problem || !game.seats.includes(me) || game.ballots.has(me)) return ack({ ok: false, error: { error: 'CONFLICT', message: problem ?? 'refused', status: 409 } });
    if (!pool) return apply({ game, voter: me, suspects, ack });
    queue.push({ game, voter: me, suspects, ack });
    if (!committing) void commit();
  });
});
http.listen(0, '127.0.0.1', () => {
  const addr = http.address();
  console.log(`listening on http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`);
});
