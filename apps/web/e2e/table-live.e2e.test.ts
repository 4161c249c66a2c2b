/**
 * Issue 29 points 1, 2 and 8 in the browser, on 360-px phones: a late arrival watches the game live and is then
 * seated by the host (with a one-screen catch-up); the reveal the whole room shares (six phones and the table
 * screen at the same step, the table screen naming nobody before the host's step); an offline host, then the
 * co-host takes the host controls over.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { TGameView } from '@ss/protocol';
import { browserSuite, expectAccessible, signInHost, signUpHost, uniqueEmail } from './harness';
import { apiCall, dealAndStart, expectToast, issueShots, joinAll, loadPublishedStoryline, playerToken } from './play-helpers';

const SMALL = { width: 360, height: 740 };
const hostEmail = uniqueEmail('live-host');
const suite = browserSuite({ adminEmails: [hostEmail] });
const phone = (): Promise<BrowserContext> => suite.phone({ viewport: SMALL });

const shot = issueShots(29);

const tokenOf = async (page: Page) => (await page.evaluate(() => localStorage.getItem('token'))) as string;

/** A signed-in host page (first call signs up, later ones sign in) and a new game made through the API. */
async function hostWithGame() {
  const page = await (await phone()).newPage();
  if (suite.phones === 1) await signUpHost(page, 'Miss Marple', hostEmail);
  else await signInHost(page, hostEmail);
  const token = await tokenOf(page);
  const game = await apiCall<{ id: string; joinCode: string }>(suite.server.url, token, 'POST', '/api/games', { storylineId: loadPublishedStoryline().storylineId });
  const g = `/api/games/${game.id}`;
  const call = <T = unknown>(method: string, url: string, body?: unknown, as = token) => apiCall<T>(suite.server.url, as, method, url, body);
  return { page, token, g, call, ...game };
}

describe('the live table in the browser (360 px)', () => {
  it('a late arrival watches the game live, then the host seats them and they get a one-screen catch-up', async () => {
    const host = await hostWithGame();
    for (const n of ['Ada', 'Basil', 'Clem', 'Dora', 'Ernest']) await apiCall(suite.server.url, '', 'POST', `/api/games/${host.joinCode}/join`, { displayName: n });
    await dealAndStart(suite.server.url, host.token, host.id);
    await host.page.goto(`/play/${host.id}/homepage`);
    await host.page.getByTestId('host-bar').waitFor();

    // A friend comes late: the join form offers to watch.
    const late = await (await phone()).newPage();
    await late.goto(`/join?gameId=${host.joinCode}`);
    await late.getByLabel('Display name').fill('Evelyn');
    await late.getByLabel('Room code').fill(host.joinCode);
    await late.getByRole('button', { name: 'Join Game' }).click();
    await late.getByTestId('late-arrival-offer').waitFor();
    await shot(late, 'late-arrival-offer-360');
    await late.getByTestId('watch-game').click();
    await late.waitForURL(`**/watch/${host.joinCode}`);
    await late.getByTestId('tv-homepage').waitFor();
    await late.getByTestId('watch-seat-status').getByText('You watch as Evelyn').waitFor();
    await shot(late, 'watch-360');
    await expectAccessible(late, { what: 'watch', maxWidth: 360 });

    // The watch page follows the game live (the host opens Day 1).
    await host.call('PATCH', host.g, { action: 'advance', fromPhase: 0 });
    await late.getByTestId('tv-day').waitFor();
    await shot(late, 'watch-day-360');

    // The host seats Evelyn from the host bar with a character the cast deals at six.
    await host.page.getByTestId('late-arrivals').click();
    const dialog = host.page.getByRole('dialog');
    await dialog.getByTestId('late-arrival').getByText('Evelyn is watching').waitFor();
    await shot(host.page, 'host-seat-late-arrival-360');
    const seatAs = dialog.getByTestId('seat-as').first();
    const character = ((await seatAs.innerText()).match(/Seat as (.+?) \(/) ?? [])[1]!;
    await seatAs.click();
    await expectToast(host.page, `Evelyn joins as ${character}`);

    // Evelyn's phone takes the seat by itself and opens the catch-up.
    await late.waitForURL(`**/play/${host.id}/catch-up**`);
    // The new seat's PIN is shown once, as for any player who joins.
    await late.getByRole('dialog').getByText('Your seat PIN').waitFor();
    await shot(late, 'catch-up-pin-360');
    await late.getByRole('button', { name: 'Got it' }).click();
    await late.getByTestId('catch-up-character').getByText(character).waitFor();
    await late.getByText('Seeker', { exact: true }).first().waitFor();
    await shot(late, 'catch-up-360');
    await expectAccessible(late, { what: 'catch-up', maxWidth: 360 });
    await late.getByTestId('catch-up-go').click();
    await late.waitForURL(`**/play/${host.id}/day/1**`);
    const view = await host.call<TGameView>('GET', host.g);
    expect(view.players.map((p) => p.displayName)).toContain('Evelyn');
    expect(view.players).toHaveLength(7);
  });

  it('every phone and the table screen are at the same reveal step; the table screen names nobody before the host does', async () => {
    const host = await hostWithGame();
    const names = ['Agnes', 'Bertie', 'Cedric', 'Daphne', 'Edmund'];
    const players = await joinAll(phone, host.joinCode, names);
    const phones = [host.page, ...players];
    expect(phones).toHaveLength(6);
    await dealAndStart(suite.server.url, host.token, host.id);
    await host.call('PATCH', host.g, { action: 'set-phase', phase: 6 });
    const tv = await (await suite.phone({ viewport: { width: 1280, height: 800 } })).newPage();
    await tv.goto(`/tv/${host.joinCode}`);
    await tv.getByTestId('tv-final-progress').waitFor();
    for (const p of phones) await p.goto(`/play/${host.id}/final-vote`);

    // Every vote on the killer's seat (the killer accuses someone else): the Seekers win.
    const view = await host.call<TGameView>('GET', host.g);
    const { killerCharacterId } = loadPublishedStoryline().roles;
    const killer = view.players.find((p) => p.characterId === killerCharacterId)!;
    const tokenFor = async (id: string) => (id === view.hostPlayerId ? host.token : playerToken(players[names.indexOf(view.players.find((p) => p.id === id)!.displayName)]!));
    for (const p of view.players.filter((x) => !x.voteLost)) {
      const accused = p.id === killer.id ? view.players.find((x) => x.id !== killer.id)! : killer;
      await host.call('POST', `${host.g}/votes`, { phase: 99, suspectId: accused.id }, await tokenFor(p.id));
    }

    const steps = async () => Promise.all(phones.map((p) => p.getByTestId('staged-reveal').getAttribute('data-room-step')));
    await expect.poll(steps, { timeout: 20_000 }).toEqual(['0', '0', '0', '0', '0', '0']);
    await tv.getByTestId('tv-reveal').and(tv.locator('[data-step="0"]')).waitFor();
    // The first card names nobody: not the killer, not "…and was the killer", on the phones and on the table screen.
    for (const p of phones) {
      expect(await p.getByTestId('staged-reveal').innerText()).not.toContain('was the killer');
      expect(await p.getByTestId('killer-reveal').count()).toBe(0);
    }
    expect(await tv.getByTestId('tv-verdict').count()).toBe(0);
    expect(await tv.locator('main').innerText()).not.toContain(killer.character!.name);
    expect(await players[0]!.getByTestId('reveal-next').count()).toBe(0);
    await players[0]!.getByTestId('reveal-waiting').waitFor();
    await shot(players[0]!, 'reveal-0-verdict-in-360');
    await shot(host.page, 'reveal-host-controls-360');
    await shot(tv, 'tv-reveal-0-verdict-in');
    await expectAccessible(players[0]!, { what: 'reveal verdict', maxWidth: 360 });

    // The host moves the room through accused, killer, Shadows, story; each time all six phones and the screen agree.
    const labels = ['Name the Accused', 'Reveal the Killer', 'Unmask the Shadows', "Tell the Case's Story"];
    for (const [i, label] of labels.entries()) {
      const step = String(i + 1);
      await host.page.getByTestId('reveal-next').getByText(label).click();
      await expect.poll(steps, { timeout: 10_000 }).toEqual([step, step, step, step, step, step]);
      await tv.locator(`[data-testid="tv-reveal"][data-step="${step}"]`).waitFor();
      if (i === 0) {
        await players[2]!.getByTestId('accused-name').getByText(killer.character!.name).waitFor();
        expect(await tv.getByTestId('tv-verdict').count()).toBe(0);
        await shot(players[2]!, 'reveal-1-accused-360');
      }
      if (i === 1) {
        await players[1]!.getByTestId('killer-name').getByText(killer.character!.name).waitFor();
        await tv.getByTestId('tv-verdict').getByText(killer.character!.name).first().waitFor();
        await shot(players[1]!, 'reveal-2-killer-360');
        await shot(tv, 'tv-reveal-2-killer');
      }
      if (i === 2) await players[3]!.getByTestId('teams').waitFor();
    }
    await players[4]!.getByTestId('case-story').waitFor();
    await tv.getByTestId('tv-story').waitFor();
    await shot(tv, 'tv-reveal-4-story');

    // After the reveal each phone may replay it at its own pace.
    const p0 = players[0]!;
    await p0.getByTestId('reveal-replay').click();
    await p0.getByTestId('reveal-replaying').waitFor();
    expect(await p0.getByTestId('staged-reveal').getAttribute('data-step')).toBe('verdict');
    await p0.getByTestId('replay-next').click();
    expect(await p0.getByTestId('staged-reveal').getAttribute('data-step')).toBe('accused');
    expect(await players[1]!.getByTestId('staged-reveal').getAttribute('data-step')).toBe('story');
    await shot(p0, 'reveal-replay-360');
  });

  it('an offline host knows it and its tap waits; the players see "Host reconnecting…"; after a minute the co-host takes over', async () => {
    const host = await hostWithGame();
    const names = ['Felix', 'Gwen', 'Hugo', 'Iris', 'Jasper'];
    const players = await joinAll(phone, host.joinCode, names);
    await dealAndStart(suite.server.url, host.token, host.id);
    const view = await host.call<TGameView>('GET', host.g);
    const gwen = view.players.find((p) => p.displayName === 'Gwen')!;
    await host.call('POST', `${host.g}/co-host`, { playerId: gwen.id });
    for (const p of [host.page, ...players]) await p.goto(`/play/${host.id}/homepage`);
    const coHost = players[1]!;
    const felix = players[0]!;
    await host.page.getByTestId('host-bar').waitFor();

    // The host's phone goes offline: it says so, and a tap on "Next phase" is held, not failed.
    const offlineAt = Date.now();
    await host.page.context().setOffline(true);
    await host.page.getByTestId('connection-indicator').getByText('You are offline, reconnecting').waitFor();
    await host.page.getByTestId('host-advance').click();
    await host.page.getByRole('alertdialog').getByRole('button', { name: 'Advance' }).click();
    await expectToast(host.page, 'You are offline, reconnecting', 'will be sent when you are back online');
    await shot(host.page, 'host-offline-360');

    // After 20 s every player sees the host is reconnecting; after a minute the co-host is offered the controls.
    await felix.getByTestId('host-away').getByText('Host reconnecting…').waitFor({ timeout: 30_000 });
    expect(Date.now() - offlineAt).toBeGreaterThanOrEqual(19_000);
    expect(await felix.getByTestId('take-over').count()).toBe(0);
    await shot(felix, 'host-reconnecting-360');
    await coHost.getByTestId('take-over').waitFor({ timeout: 50_000 });
    expect(Date.now() - offlineAt).toBeGreaterThanOrEqual(59_000);
    expect(await felix.getByTestId('take-over').count()).toBe(0);
    await shot(coHost, 'co-host-take-over-360');
    await expectAccessible(coHost, { what: 'take over', maxWidth: 360 });
    await coHost.getByTestId('take-over').click();
    await coHost.getByRole('alertdialog').getByRole('button', { name: 'Take Over' }).click();
    await felix.getByTestId('host-away').getByText('Gwen has the host controls meanwhile').waitFor();

    // The host comes back: the held tap is sent, everyone moves to Day 1, and the notice goes.
    await host.page.context().setOffline(false);
    for (const p of [host.page, ...players]) await p.waitForURL(`**/play/${host.id}/day/1**`, { timeout: 20_000 });
    await felix.getByTestId('host-away').waitFor({ state: 'detached' });
    const after = await host.call<TGameView>('GET', host.g);
    expect(after).toMatchObject({ currentPhase: 1, hostAwaySince: null, actingHostPlayerId: null });
  }, 150_000);
});
