/**
 * Issue 30 part 3 in the browser, on 360-px phones: the host's printable guide downloads as a PDF; the host opens
 * the phase's host notes and pushes a hint, and every phone shows the card; the answer sheet appears only after
 * the final vote (and the reveal), for every seat.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { REVEAL_LAST_STEP, type TGameView } from '@ss/protocol';
import { browserSuite, seriousA11yViolations, signUpHost, uniqueEmail } from './harness';
import { apiCall, issueShots, joinThroughUi, loadPublishedStoryline, playerToken } from './play-helpers';

const SMALL = { width: 360, height: 740 };
const hostEmail = uniqueEmail('kit-host');
const suite = browserSuite({ adminEmails: [hostEmail] });
const phone = (): Promise<BrowserContext> => suite.phone({ viewport: SMALL });

const shot = issueShots(30);

describe('the host kit in the browser (360 px)', () => {
  it('the guide downloads; a pushed hint reaches every phone; the answer sheet opens only after the final vote', async () => {
    const story = loadPublishedStoryline();
    const host = await (await phone()).newPage();
    await signUpHost(host, 'Miss Marple', hostEmail);
    const token = (await host.evaluate(() => localStorage.getItem('token'))) as string;

    // The printable host guide, from the dashboard's storylines: a real PDF download.
    await host.getByRole('tab', { name: /My Games/ }).click();
    const guide = host.getByTestId('host-guide').first();
    await guide.scrollIntoViewIfNeeded();
    const [download] = await Promise.all([host.waitForEvent('download'), guide.click()]);
    expect(download.suggestedFilename()).toMatch(/-host-guide\.pdf$/);
    const file = await download.path();
    expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const game = await apiCall<{ id: string; joinCode: string }>(suite.server.url, token, 'POST', '/api/games', { storylineId: story.storylineId });
    const g = `/api/games/${game.id}`;
    const call = <T = unknown>(method: string, url: string, body?: unknown, as = token) => apiCall<T>(suite.server.url, as, method, url, body);
    const names = ['Agnes', 'Bertie', 'Cedric', 'Daphne', 'Edmund'];
    const players: Page[] = [];
    for (const n of names) players.push(await joinThroughUi(await phone(), game.joinCode, n));
    await call('POST', `${g}/deal`, {});
    await call('PATCH', g, { action: 'start' });
    await call('PATCH', g, { action: 'advance', fromPhase: 0 });
    const phones = [host, ...players];
    for (const p of phones) await p.goto(`/play/${game.id}/day/1`);

    // The host's notes for Day 1: the opener, the target minutes, the checklist; players have no such panel.
    await host.getByTestId('host-notes').getByRole('button', { name: /Host notes/ }).click();
    await host.getByTestId('host-opener').waitFor();
    await host.getByTestId('host-timing').getByText(/Target: \d+ minutes · \d+ min in this phase/).waitFor();
    expect(await players[0]!.getByTestId('host-notes').count()).toBe(0);
    await host.getByTestId('push-hint-h-lane').scrollIntoViewIfNeeded();
    await shot(host, 'host-notes-360');

    // One tap (and a confirmation) pushes the hint; every phone shows the card.
    await host.getByTestId('push-hint-h-lane').click();
    await host.getByRole('alertdialog').getByRole('button', { name: 'Push hint' }).click();
    for (const p of phones) await p.getByTestId('hint-card').getByText('Who went down Mere Lane that night?').waitFor();
    await expect.poll(() => host.getByTestId('push-hint-h-lane').innerText()).toContain('Sent');
    await players[1]!.getByTestId('hint-cards').scrollIntoViewIfNeeded();
    await shot(players[1]!, 'hint-card-360');
    const v = await seriousA11yViolations(players[1]!);
    expect(v, JSON.stringify(v, null, 1)).toEqual([]);
    expect(await players[1]!.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // The final vote: no answer sheet while it is open, on the screen or from the server.
    await call('PATCH', g, { action: 'set-phase', phase: story.days.length + 2 });
    for (const p of phones) await p.goto(`/play/${game.id}/final-vote`);
    await players[0]!.getByRole('heading', { name: 'Final Vote', level: 1 }).waitFor();
    expect(await players[0]!.getByTestId('open-answer-sheet').count()).toBe(0);
    const early = await fetch(`${suite.server.url}${g}/answer-sheet`, { headers: { Authorization: `Bearer ${await playerToken(players[0]!)}` } });
    expect(early.status).toBe(409);

    const view = await call<TGameView>('GET', g);
    const killer = view.players.find((p) => p.characterId === story.roles.killerCharacterId)!;
    const tokenFor = async (id: string) => (id === view.hostPlayerId ? token : playerToken(players[names.indexOf(view.players.find((p) => p.id === id)!.displayName)]!));
    for (const p of view.players.filter((x) => !x.voteLost)) {
      const accused = p.id === killer.id ? view.players.find((x) => x.id !== killer.id)! : killer;
      await call('POST', `${g}/votes`, { phase: 99, suspectId: accused.id }, await tokenFor(p.id));
    }
    await call('POST', `${g}/reveal`, { toStep: REVEAL_LAST_STEP });

    // After the final vote and the reveal: every seat and the host can open the answer sheet.
    for (const p of [host, players[2]!]) {
      const open = p.getByTestId('open-answer-sheet');
      await open.waitFor({ timeout: 20_000 });
      await open.scrollIntoViewIfNeeded();
      await open.click();
      await p.getByTestId('answer-sheet').getByText(`The killer: ${killer.character!.name}`).waitFor();
    }
    await shot(players[2]!, 'answer-sheet-360');
  });
});
