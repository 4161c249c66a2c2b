/**
 * Issues 13 and 15 in the browser: seats belong to devices (a rejoin on a second phone waits for the host, the
 * first phone is told its seat moved), deal at random, the host-run defences with the speaker's "You're on", a
 * co-host moving the game on after the host's phone is gone, and the case-file replay.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { TGameView } from '@ss/protocol';
import { browserSuite, expectAccessible, screenshot, signInHost, signUpHost, uniqueEmail } from './harness';
import { apiCall, dealAndStart, joinAll, joinThroughUi, loadPublishedStoryline } from './play-helpers';

const hostEmail = uniqueEmail('admin-host');

const suite = browserSuite({ adminEmails: [hostEmail] });

const phone = (): Promise<BrowserContext> => suite.phone();

const tokenOf = async (page: Page) => (await page.evaluate(() => localStorage.getItem('token'))) as string;

/** A signed-in host page (first call signs up, later ones sign in) and a new game created through the API. */
async function hostWithGame(opts: { testing?: boolean } = {}) {
  const page = await (await phone()).newPage();
  if (suite.phones === 1) await signUpHost(page, 'Miss Lemon', hostEmail);
  else await signInHost(page, hostEmail);
  const token = await tokenOf(page);
  const game = await apiCall<{ id: string; joinCode: string }>(suite.server.url, token, 'POST', '/api/games', {
    storylineId: loadPublishedStoryline().storylineId,
    isTestingMode: opts.testing ?? false,
  });
  return { page, token, ...game };
}

describe('seats and table commands in the browser', () => {
  it('a seat PIN at join; a rejoin by name alone on a second phone waits for the host; the first phone is told its seat moved', async () => {
    const host = await hostWithGame();
    const names = ['Agatha', 'Hercule', 'Jane', 'Tommy', 'Ariadne'];
    const players: Page[] = [];
    for (const n of names) players.push(await joinThroughUi(await phone(), host.joinCode, n, { keepPinSheet: n === 'Agatha' }));
    const agatha = players[0]!;
    // The seat PIN is shown once, on the player's own phone.
    await agatha.getByTestId('pin-notice').waitFor();
    const pin = (await agatha.getByTestId('seat-pin').first().innerText()).trim();
    expect(pin).toMatch(/^\d{4}$/);
    await screenshot(agatha, 'seat-pin-notice');
    await agatha.getByRole('button', { name: 'Got it' }).click();

    // Deal at random: one tap gives every seat a character.
    await host.page.goto(`/host/${host.id}/character-assignment`);
    await host.page.getByTestId('deal-at-random').click();
    await host.page.getByText('Every player has a character.').waitFor();
    await screenshot(host.page, 'deal-at-random');
    await agatha.getByTestId('my-character-name').waitFor();

    // A second phone asks for Agatha's seat by name alone: it waits.
    const second = await (await phone()).newPage();
    await second.goto('/rejoin');
    await second.getByLabel('Game Code').fill(host.joinCode);
    await second.getByLabel('Your Display Name').fill('Agatha');
    await second.getByRole('button', { name: 'Rejoin Game' }).click();
    await second.getByText('Ask your host to let you back in').waitFor();
    await screenshot(second, 'rejoin-pending');
    await expectAccessible(second, { what: 'rejoin pending', maxWidth: 390 });

    // The request is pushed to the host's lobby; one tap approves it.
    await host.page.goto(`/host/${host.id}/lobby`);
    const requests = host.page.getByTestId('rejoin-requests');
    await requests.getByText('asks to rejoin on a new phone').waitFor();
    await screenshot(host.page, 'host-rejoin-request');
    await requests.getByRole('button', { name: /Approve Agatha/ }).click();

    // The second phone moves on by itself; the first is told.
    await second.waitForURL('**/play/*/character**');
    await agatha.getByText('This seat moved to another phone').waitFor();
    await screenshot(agatha, 'seat-moved');
    await expectAccessible(agatha, { what: 'seat moved', maxWidth: 390 });
    // The new phone shows its new PIN once, and always under the character screen's menu.
    await second.getByTestId('pin-notice').waitFor();
    await second.getByRole('button', { name: 'Got it' }).click();
    await second.getByTestId('seat-menu').click();
    expect((await second.getByRole('dialog').getByTestId('seat-pin').innerText()).trim()).toMatch(/^\d{4}$/);
  });

  it('the host runs the defences: the speaker sees "You\'re on", everyone the same clock; then the replay', async () => {
    const host = await hostWithGame({ testing: true });
    const names = ['Alice', 'Bram', 'Cora', 'Dev', 'Edie'];
    const players = await joinAll(phone, host.joinCode, names);
    const g = `/api/games/${host.id}`;
    await dealAndStart(suite.server.url, host.token, host.id);
    await apiCall(suite.server.url, host.token, 'PATCH', g, { action: 'set-phase', phase: 5 });
    const view = await apiCall<TGameView>(suite.server.url, host.token, 'GET', g);
    const idOf = (n: string) => view.players.find((p) => p.displayName === n)!.id;
    // Everyone suspects Bram, Cora and the host, so those three become the top suspects.
    const tokens = await Promise.all(players.map(tokenOf));
    const hostSeat = view.hostPlayerId!;
    await apiCall(suite.server.url, tokens[0]!, 'POST', `${g}/suspect-votes`, { suspects: [idOf('Bram'), idOf('Cora'), hostSeat] });
    await apiCall(suite.server.url, tokens[1]!, 'POST', `${g}/suspect-votes`, { suspects: [idOf('Alice'), idOf('Cora'), hostSeat] });
    await apiCall(suite.server.url, tokens[2]!, 'POST', `${g}/suspect-votes`, { suspects: [idOf('Bram'), idOf('Alice'), hostSeat] });
    await apiCall(suite.server.url, host.token, 'PATCH', g, { action: 'set-phase', phase: 6 });
    const final = await apiCall<TGameView>(suite.server.url, host.token, 'GET', g);
    const speakerId = final.suspectVoting.topSuspects!.map((t) => t.playerId).find((id) => id !== hostSeat)!;
    const speaker = final.players.find((p) => p.id === speakerId)!;
    const speakerPage = players[names.indexOf(speaker.displayName)]!;
    const listener = players.find((p) => p !== speakerPage)!;

    for (const p of [host.page, ...players]) await p.goto(`/play/${host.id}/final-vote`);
    await listener.getByTestId('defence-notice').waitFor();
    // Only the host's bar has the defence controls; nobody gets a button that skips the defences.
    expect(await listener.getByTestId('defence-controls').count()).toBe(0);
    expect(await listener.getByRole('button', { name: 'Begin Defense Statements' }).count()).toBe(0);
    const controls = host.page.getByTestId('defence-controls');
    await controls.getByRole('button', { name: `Start defence: ${speaker.character!.name}` }).click();

    await speakerPage.getByTestId('youre-on').getByText(/You’re on — [12]:\d\d/).waitFor();
    await listener.getByText(`${speaker.character!.name} is speaking`).waitFor();
    const clock = (await listener.getByTestId('defence-clock').innerText()).trim();
    expect(clock).toMatch(/^[12]:\d\d$/);
    expect(await listener.getByTestId('defences-heard').isDisabled()).toBe(true);
    await screenshot(speakerPage, 'defence-youre-on');
    await screenshot(listener, 'defence-listener');
    await expectAccessible(speakerPage, { what: "you're on", maxWidth: 390 });
    // The host ends it early; everyone may go to the ballot.
    await controls.getByRole('button', { name: 'End now' }).click();
    await listener.getByTestId('defences-heard').and(listener.locator(':not([disabled])')).waitFor();

    // The final votes end the game; the case-file replay opens for the players.
    const killer = final.players.find((p) => p.id !== hostSeat && !p.voteLost)?.id ?? hostSeat;
    for (const [i, t] of tokens.entries()) {
      const me = final.players.find((p) => p.displayName === names[i])!;
      if (me.voteLost) continue;
      await apiCall(suite.server.url, t, 'POST', `${g}/votes`, { phase: 99, suspectId: me.id === killer ? hostSeat : killer });
    }
    const done = await apiCall<TGameView>(suite.server.url, host.token, 'GET', g);
    expect(done.status).toBe('completed');
    // The host takes the room through the shared reveal (the replay names the killer, so it opens only after it).
    await apiCall(suite.server.url, host.token, 'POST', `${g}/reveal`, { toStep: 4 });
    const alice = players[0]!;
    await alice.goto(`/games/${host.id}/results`);
    await alice.getByTestId('open-replay').click();
    await alice.waitForURL(`**/games/${host.id}/replay**`);
    await alice.getByTestId('replay-day-1').waitFor();
    await alice.getByTestId('replay-day-4').waitFor();
    await alice.getByTestId('replay-suspect-vote').getByText('Standing:').first().waitFor();
    await alice.getByTestId('replay-verdict').waitFor();
    await screenshot(alice, 'case-file-replay');
    await expectAccessible(alice, { what: 'replay', maxWidth: 390 });
  });

  it('a co-host moves the game on after the host’s phone is gone', async () => {
    const host = await hostWithGame();
    const names = ['Poppy', 'Quentin', 'Rosa', 'Silas', 'Tess'];
    const players = await joinAll(phone, host.joinCode, names);
    await dealAndStart(suite.server.url, host.token, host.id);
    for (const p of [host.page, ...players]) await p.goto(`/play/${host.id}/homepage`);

    // One tap in the host bar names Quentin; every phone is told.
    await host.page.getByTestId('co-host-open').click();
    await host.page.getByRole('combobox', { name: 'Co-host' }).click();
    await host.page.getByRole('option', { name: /Quentin/ }).click();
    const quentin = players[1]!;
    await players[0]!.getByTestId('co-host-notice').getByText('Co-host: Quentin').waitFor();
    await quentin.getByTestId('host-bar').getByText('Co-host').first().waitFor();

    // The host's phone dies; the co-host advances and every phone follows.
    await host.page.context().close();
    await quentin.getByTestId('host-advance').click();
    await quentin.getByRole('alertdialog').getByRole('button', { name: 'Advance' }).click();
    for (const p of players) await p.waitForURL(`**/play/${host.id}/day/1**`);
    await screenshot(quentin, 'co-host-advanced');
  });
});
