/**
 * Issue 25 in the browser: a storyline of three days (the 3-day fixture, 5 to 9 players) played to the end. The
 * phones follow the host through /play/{gameId}/day/1 … day/3, the old day-two path redirects, the vote comes
 * after Day Three, and every phone reaches the verdict.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { REVEAL_LAST_STEP, type TCharactersResponse, type TGameView } from '@ss/protocol';
import { browserSuite, repoRoot, screenshot, signUpHost, uniqueEmail } from './harness';
import { apiCall, hostAdvance, joinThroughUi, pathOf } from './play-helpers';

const hostEmail = uniqueEmail('days-host');
const STORYLINE = 'fixture-manor-3-days';

const suite = browserSuite({
  adminEmails: [hostEmail],
  env: { CONTENT_DIR: path.join(repoRoot, 'apps/realtime/test/fixtures/content-days') },
});

const phone = (): Promise<BrowserContext> => suite.phone();
const tokenOf = async (page: Page) => (await page.evaluate(() => localStorage.getItem('token'))) as string;

describe('a three-day storyline in the browser', () => {
  it('host + 4 players: three day pages, the vote after Day Three, the verdict on every phone', async () => {
    const host = await (await phone()).newPage();
    await signUpHost(host, 'Miss Lemon', hostEmail);
    const hostToken = await tokenOf(host);
    const created = await apiCall<{ id: string; joinCode: string }>(suite.server.url, hostToken, 'POST', '/api/games', { storylineId: STORYLINE });
    const gameId = created.id;

    const players: Page[] = [];
    for (const n of ['Alice', 'Bram', 'Cora', 'Dilip']) players.push(await joinThroughUi(await phone(), created.joinCode, n));
    const everyone = [host, ...players];

    // Deal the cast table's row for five seats, then start.
    const seats = await apiCall<{ id: string; displayName: string }[]>(suite.server.url, hostToken, 'GET', `/api/games/${gameId}/players`);
    const cast = await apiCall<TCharactersResponse>(suite.server.url, hostToken, 'GET', `/api/games/${gameId}/characters?playerCount=${seats.length}`);
    expect(cast.characters).toHaveLength(5);
    for (const [i, s] of seats.entries()) {
      await apiCall(suite.server.url, hostToken, 'POST', `/api/games/${gameId}/assign-character`, { playerId: s.id, characterId: cast.characters[i]!.id });
    }
    await host.goto(`/host/${gameId}/lobby`);
    await host.getByRole('button', { name: 'Start Game' }).click();
    await host.getByRole('alertdialog').getByRole('button', { name: 'Start Game' }).click();
    for (const p of everyone) await p.waitForURL(`**/play/${gameId}/homepage**`);

    // Three days, each opened by the host from the in-game bar; the phones follow to /day/{n}.
    const dates = ['Saturday 1st April 1922', 'Sunday 2nd April 1922', 'Wednesday 5th April 1922'];
    for (let day = 1; day <= 3; day++) {
      await hostAdvance(host);
      for (const p of everyone) await p.waitForURL(`**/play/${gameId}/day/${day}**`);
      for (const p of players) await p.getByRole('heading', { name: 'Your Story' }).waitFor();
      await players[0]!.getByRole('heading', { name: dates[day - 1]! }).waitFor();
    }
    const alice = players[0]!;
    await alice.getByTestId('day-banner').getByText('Day Three').waitFor();
    // The last of three days leads to the vote, with that day's truth in the rules button.
    await alice.getByRole('link', { name: /Continue to Voting Phase/ }).waitFor();
    await alice.getByRole('button', { name: 'Day Three Truth' }).waitFor();
    await alice.getByRole('link', { name: /Back to Sunday 2nd April 1922/ }).waitFor();
    await host.getByTestId('host-bar').getByText('Day Three - Wednesday 5th April 1922').waitFor();
    await screenshot(alice, 'three-days-day-three');

    // The old fixed-day address leads to the same day under /day/{n}.
    const bram = players[1]!;
    const search = new URL(bram.url()).search;
    await bram.goto(`/play/${gameId}/day-two${search}`);
    await bram.waitForURL(`**/play/${gameId}/day/2**`);
    await bram.getByRole('heading', { name: dates[1]! }).waitFor();
    expect(pathOf(bram)).toBe(`/play/${gameId}/day/2`);
    // A day the storyline does not have.
    await bram.goto(`/play/${gameId}/day/4${search}`);
    await bram.getByText('This story has 3 days.').waitFor();

    // The suspect vote comes after Day Three.
    await hostAdvance(host);
    for (const p of [host, alice, players[2]!, players[3]!]) await p.waitForURL(`**/play/${gameId}/vote**`);
    await alice.getByText('After Day Three').waitFor();
    await screenshot(alice, 'three-days-suspect-vote');

    // Ballots and final votes through the API (the voting screens have their own browser test).
    const view = await apiCall<TGameView>(suite.server.url, hostToken, 'GET', `/api/games/${gameId}`);
    expect(view.phase).toEqual({ key: 'suspect-vote', kind: 'suspect-vote', day: null });
    const tokens = new Map<string, string>([[view.hostPlayerId!, hostToken]]);
    for (const p of players) tokens.set((await apiCall<TGameView>(suite.server.url, await tokenOf(p), 'GET', `/api/games/${gameId}`)).currentPlayer!.id, await tokenOf(p));
    const ids = view.players.map((p) => p.id);
    const [a, b, c] = ids as [string, string, string];
    for (const voter of ids) {
      const picks = [a, b, c].includes(voter) ? [...[a, b, c].filter((x) => x !== voter), ids[3]!] : [a, b, c];
      await apiCall(suite.server.url, tokens.get(voter)!, 'POST', `/api/games/${gameId}/suspect-votes`, { suspects: picks });
    }
    // The last ballot reveals the top 3: every vote screen moves on to the outcome by itself.
    for (const p of [host, alice, players[2]!, players[3]!]) await p.waitForURL(`**/play/${gameId}/outcome**`);
    await host.getByTestId('top-suspects').waitFor({ timeout: 15_000 });
    await hostAdvance(host);
    for (const p of everyone) await p.waitForURL(`**/play/${gameId}/final-vote**`);
    const afterReveal = await apiCall<TGameView>(suite.server.url, hostToken, 'GET', `/api/games/${gameId}`);
    const top = new Set(afterReveal.suspectVoting.topSuspects!.map((t) => t.playerId));
    const voters = ids.filter((id) => !top.has(id));
    for (const [i, voter] of voters.entries()) {
      // Everyone left names the first top suspect (or, being that suspect's only alternative, another).
      const accused = [...top][0]!;
      await apiCall(suite.server.url, tokens.get(voter)!, 'POST', `/api/games/${gameId}/votes`, { phase: 99, suspectId: accused === voter ? ids[i]! : accused });
    }
    // The host takes the room through the shared reveal; the winner is named at the killer's step.
    await apiCall(suite.server.url, hostToken, 'POST', `/api/games/${gameId}/reveal`, { toStep: REVEAL_LAST_STEP, commandId: crypto.randomUUID() });
    for (const p of everyone) await p.getByRole('heading', { name: /Have Won!/ }).waitFor({ timeout: 15_000 });
    const done = await apiCall<TGameView>(suite.server.url, hostToken, 'GET', `/api/games/${gameId}`);
    expect([done.status, done.phase.kind, done.currentPhase]).toEqual(['completed', 'outcome', 5]);
    await screenshot(alice, 'three-days-verdict');
  });
});
