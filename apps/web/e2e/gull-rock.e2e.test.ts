/**
 * Issue 30: The Gull Rock Light played whole in the browser at its smallest table (six phones: the host and five
 * players), in the case "The Dark Forty Minutes": three days, the suspect vote and the final vote on the phones,
 * the host's reveal, and every phone names the case's killer and the case.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { TGameView } from '@ss/protocol';
import { browserSuite, screenshot, signUpHost, uniqueEmail } from './harness';
import { apiCall, hostAdvance, joinThroughUi } from './play-helpers';

const hostEmail = uniqueEmail('gull-host');
const suite = browserSuite({ adminEmails: [hostEmail] });
const STORYLINE = 'gull-rock-1963';
const CASE = { id: 'gr-dark-minutes', title: 'The Dark Forty Minutes', killer: 'Lew Trago' };

describe('The Gull Rock Light in the browser (issue 30)', () => {
  it('six phones play "The Dark Forty Minutes" to the reveal, which names Lew Trago and the case', async () => {
    const host = await (await suite.phone()).newPage();
    await signUpHost(host, 'Hostess', hostEmail);
    const hostToken = (await host.evaluate(() => localStorage.getItem('token'))) as string;
    const created = await apiCall<{ id: string; joinCode: string }>(suite.server.url, hostToken, 'POST', '/api/games', { storylineId: STORYLINE, caseId: CASE.id });
    const gameId = created.id;
    const names = ['Alice', 'Bram', 'Cora', 'Dilip', 'Eve'] as const;
    const players: Page[] = [];
    for (const n of names) players.push(await joinThroughUi(await suite.phone(), created.joinCode, n));
    const [alice, bram, cora, dilip, eve] = players as [Page, Page, Page, Page, Page];
    const everyone = [host, ...players];

    // The cast for six: the host holds the detective (a Seeker), Alice the case's killer.
    const byName: Record<string, string> = { Hostess: 'gr-sergeant', Alice: 'gr-trago', Bram: 'gr-rowe', Cora: 'gr-danny', Dilip: 'gr-lambourne', Eve: 'gr-kezia' };
    const seats = await apiCall<{ id: string; displayName: string }[]>(suite.server.url, hostToken, 'GET', `/api/games/${gameId}/players`);
    for (const s of seats) await apiCall(suite.server.url, hostToken, 'POST', `/api/games/${gameId}/assign-character`, { playerId: s.id, characterId: byName[s.displayName] });
    await host.goto(`/host/${gameId}/lobby`);
    await host.getByRole('button', { name: 'Start Game' }).click();
    await host.getByRole('alertdialog').getByRole('button', { name: 'Start Game' }).click();
    for (const p of everyone) await p.waitForURL(`**/play/${gameId}/homepage**`);

    // Three days, opened by the host from the in-game bar; every phone follows and shows its own story.
    for (let day = 1; day <= 3; day++) {
      await hostAdvance(host);
      for (const p of everyone) await p.waitForURL(`**/play/${gameId}/day/${day}**`);
      for (const p of everyone) await p.getByRole('heading', { name: 'Your Story' }).waitFor();
    }

    // The suspect vote on the phones: Bram, Cora and Dilip (all innocent) are the top three; Alice gets no vote.
    await hostAdvance(host);
    for (const p of everyone) await p.waitForURL(`**/play/${gameId}/vote**`);
    const box = (p: Page, who: string) => p.getByRole('checkbox', { name: new RegExp(`\\(${who}\\)$`) });
    const ballots: Array<[Page, string[]]> = [
      [host, ['Bram', 'Cora', 'Dilip']],
      [alice, ['Bram', 'Cora', 'Dilip']],
      [eve, ['Bram', 'Cora', 'Dilip']],
      [bram, ['Cora', 'Dilip', 'Eve']],
      [cora, ['Bram', 'Dilip', 'Eve']],
      [dilip, ['Bram', 'Cora', 'Hostess']],
    ];
    for (const [p, picks] of ballots) {
      for (const who of picks) await box(p, who).click();
      await p.getByTestId('submit-suspects').click();
      await p.waitForURL(`**/play/${gameId}/outcome**`);
    }
    for (const p of everyone) await p.getByTestId('top-suspects').waitFor({ timeout: 15_000 });
    const view = await apiCall<TGameView>(suite.server.url, hostToken, 'GET', `/api/games/${gameId}`);
    const top = view.suspectVoting.topSuspects!.map((t) => view.players.find((p) => p.id === t.playerId)!.displayName).sort();
    expect(top).toEqual(['Bram', 'Cora', 'Dilip']);

    // The final vote: the host and Eve accuse Alice, Alice accuses Bram.
    await hostAdvance(host);
    for (const p of everyone) await p.waitForURL(`**/play/${gameId}/final-vote**`);
    const radio = (p: Page, who: string) => p.getByRole('radio', { name: new RegExp(`\\(${who}\\)`) });
    for (const [p, accused] of [[host, 'Alice'], [eve, 'Alice'], [alice, 'Bram']] as const) {
      await p.getByTestId('defences-heard').click();
      await radio(p, accused).check();
      await p.getByTestId('cast-final-vote').click();
    }

    // The host takes the room through the shared reveal; every phone names the killer and the case.
    await host.getByTestId('reveal-all').click({ timeout: 15_000 });
    for (const p of everyone) {
      await p.getByRole('heading', { name: 'The Seekers Have Won!' }).waitFor({ timeout: 15_000 });
      expect(await p.getByTestId('killer-name').textContent()).toBe(`${CASE.killer} (Alice)`);
      expect(await p.getByTestId('case-title').textContent()).toBe(`The case: ${CASE.title}`);
    }
    await screenshot(bram, 'gull-rock-reveal');
  });
});
