/**
 * Issue 7: the host & lobby journey. A host tab and five player tabs (the storyline's minimum is six seats) (separate contexts, i.e. separate people)
 * go from sign-up to a started game; every change reaches the other screens by push, without a reload.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  browserSuite,
  expectAccessible,
  expectFirstToast,
  screenshot,
  signUpHost,
  STRONG_PASSWORD,
  uniqueEmail,
} from './harness';
import { closePinSheet } from './play-helpers';

const hostEmail = uniqueEmail('admin-host');
const playerNames = ['Agatha', 'Hercule', 'Jane', 'Tommy', 'Ariadne'];

let host: Page;
const players: Page[] = [];
let gameId = '';
let joinCode = '';

async function phone(): Promise<Page> {
  const ctx = await suite.phone();
  return ctx.newPage();
}


  // Until purchases exist, the host is an admin (admins may host every storyline).
const suite = browserSuite({ adminEmails: [hostEmail] });

describe('host & lobby journey (issue 7)', () => {
  it('the host signs up, creates a game and sees the lobby with code, link and QR code', async () => {
    host = await phone();
    await signUpHost(host, 'Miss Lemon', hostEmail);
    await host.getByRole('tab', { name: /My Games/ }).click();
    await host.getByRole('link', { name: 'hosting tips', exact: false }).waitFor();
    await host.getByRole('button', { name: 'Create Game' }).first().click();
    await host.waitForURL('**/host/*/lobby**');
    gameId = new URL(host.url()).pathname.split('/')[2]!;
    joinCode = (await host.getByTestId('room-code').innerText()).trim();
    expect(joinCode).toMatch(/^[A-Z0-9]{6}$/);
    expect(await host.getByTestId('join-url').innerText()).toBe(`${suite.server.url}/join?gameId=${joinCode}`);
    await host.getByRole('img', { name: /QR code to join/ }).waitFor();
    await host.getByRole('heading', { name: 'Share Game' }).waitFor();
    await host.getByTestId('lobby-characters').getByRole('link', { name: 'Assign Characters' }).waitFor();
    // only the host so far, and no Start button yet
    expect(await host.getByTestId('player-row').count()).toBe(1);
    expect(await host.getByRole('button', { name: 'Start Game' }).count()).toBe(0);
  });

  it('a wrong room code shows "Failed to join game" with the server message', async () => {
    const page = await phone();
    await page.goto('/join');
    await page.getByLabel('Display name').fill('Lost Soul');
    await page.getByLabel('Room code').fill('zzzzzz');
    // Polled: typed into the prerendered form, the code is normalised once the app has started.
    await expect.poll(() => page.getByLabel('Room code').inputValue()).toBe('ZZZZZZ');
    await page.getByRole('button', { name: 'Join Game' }).click();
    await expectFirstToast(page, 'Failed to join game', 'Game not found');
    expect(new URL(page.url()).pathname).toBe('/join');
  });

  it('five players join from the shared link and appear in the host lobby without a reload', async () => {
    for (const [i, name] of playerNames.entries()) {
      const page = await phone();
      await page.goto(`/join?gameId=${joinCode}`);
      // Polled: the link's code fills the prerendered form once the app has started.
      await expect.poll(() => page.getByLabel('Room code').inputValue()).toBe(joinCode);
      if (i === 0) {
        await expectAccessible(page, { maxWidth: 390 });
        await screenshot(page, 'join');
      }
      await page.getByLabel('Display name').fill(name);
      await page.getByRole('button', { name: 'Join Game' }).click();
      await page.waitForURL(`**/play/${gameId}/lobby?session=*`);
      await closePinSheet(page);
      await page.getByRole('heading', { name: `You’re in, ${name}!` }).waitFor();
      players.push(page);
      // pushed to the host
      await host.getByTestId('player-row').filter({ hasText: name }).waitFor();
    }
    expect(await host.getByTestId('player-row').count()).toBe(6);
    // presence: everyone connected
    await host.getByTestId('player-row').filter({ hasText: 'Tommy' }).getByText('Connected').waitFor();
    // the first player sees the later ones arrive too
    await players[0]!.getByTestId('player-row').filter({ hasText: 'Tommy' }).waitFor();
    await screenshot(host, 'host-lobby');
    await expectAccessible(host, { maxWidth: 390 });
    await screenshot(players[0]!, 'player-lobby-waiting');
    await expectAccessible(players[0]!, { maxWidth: 390 });
  });

  it('a duplicate display name is refused with the server message', async () => {
    const page = await phone();
    await page.goto(`/join?gameId=${joinCode}`);
    await page.getByLabel('Display name').fill('agatha');
    await page.getByRole('button', { name: 'Join Game' }).click();
    await expectFirstToast(page, 'Failed to join game', 'That display name is already taken in this game');
  });

  it('start is blocked while players lack characters', async () => {
    await host.getByRole('link', { name: 'Assign Characters' }).click();
    await host.waitForURL(`**/host/${gameId}/character-assignment**`);
    await host.getByTestId('character-card').first().waitFor();
    const start = host.getByRole('button', { name: 'Start Game' });
    expect(await start.getAttribute('aria-disabled')).toBe('true');
    // aria-disabled, not disabled: a tap explains why it cannot start yet
    await start.click({ force: true });
    await expectFirstToast(host, 'Cannot start game', '6 player(s) need character assignments first.');
    await screenshot(host, 'assignment-start-blocked');
    await expectAccessible(host, { maxWidth: 390 });
  });

  it('an assignment answered 403 asks the host to log in again', async () => {
    // Another host signs in in another tab of the same browser: the shared keys now hold a stranger's token.
    const res = await host.request.post('/api/auth/signup', {
      data: { displayName: 'Stranger', email: uniqueEmail('stranger'), password: STRONG_PASSWORD },
    });
    const { token: strangerToken } = (await res.json()) as { token: string };
    const ownToken = await host.evaluate((t) => {
      const own = localStorage.getItem('token');
      localStorage.setItem('token', t);
      return own;
    }, strangerToken);
    await assign(host, 0, 'Agatha', false);
    await expectFirstToast(host, 'Authentication required. Please refresh the page and log in again.');
    await host.evaluate((t) => localStorage.setItem('token', t!), ownToken);
  });

  it('each assignment shows on the player’s screen without a reload, even after being offline', async () => {
    const cards = host.getByTestId('character-card');
    // Tommy's phone drops off the network before the host gives him his character.
    const tommy = players[3]!;
    await tommy.context().setOffline(true);
    await tommy.getByTestId('connection-indicator').waitFor();

    const everyone = ['Miss Lemon', ...playerNames];
    for (const [i, name] of everyone.entries()) {
      await assign(host, i, name, true);
      const characterName = (await cards.nth(i).locator('h3').innerText()).trim();
      const playerIndex = playerNames.indexOf(name);
      if (playerIndex >= 0 && playerIndex < 3) {
        await players[playerIndex]!.getByTestId('my-character-name').getByText(characterName, { exact: true }).waitFor();
      }
    }
    await screenshot(host, 'assignment-all-assigned');
    await screenshot(players[0]!, 'player-lobby-assigned');

    // Back online: Tommy's screen catches up by itself.
    expect(await tommy.getByTestId('my-character-name').count()).toBe(0);
    await tommy.context().setOffline(false);
    const tommysCharacter = (await cards.nth(4).locator('h3').innerText()).trim();
    await tommy.getByTestId('my-character-name').getByText(tommysCharacter, { exact: true }).waitFor({ timeout: 30_000 });
    await tommy.getByTestId('connection-indicator').waitFor({ state: 'detached' });
  });

  it('the welcome screen shows the character and waits for the start', async () => {
    const page = players[1]!;
    await page.getByRole('link', { name: 'Meet Your Character' }).click();
    await page.waitForURL(`**/play/${gameId}/character**`);
    await page.getByTestId('character-name').waitFor();
    expect(await page.getByRole('button', { name: 'Waiting for Game to Start' }).isDisabled()).toBe(true);
    await screenshot(page, 'player-character-waiting');
    await expectAccessible(page, { maxWidth: 390 });
  });

  it('Start moves the host and every player to their homepage', async () => {
    await host.getByRole('button', { name: 'Start Game' }).click();
    await host.getByRole('alertdialog').getByRole('button', { name: 'Start Game' }).click();
    await host.waitForURL(`**/play/${gameId}/homepage**`);
    for (const page of players) await page.waitForURL(`**/play/${gameId}/homepage**`, { timeout: 20_000 });
    await screenshot(players[0]!, 'player-homepage-after-start');
    // The host lobby now shows the phase control
    await host.goto(`/host/${gameId}/lobby`);
    await host.getByTestId('phase-control').waitFor();
    await screenshot(host, 'host-phase-control');
  });

  it('the host advances the phase after a confirmation', async () => {
    const control = host.getByTestId('phase-control');
    await control.getByText('Character introductions').waitFor();
    await control.getByRole('button', { name: /Advance to Day One/ }).click();
    await host.getByRole('alertdialog').getByRole('button', { name: 'Advance' }).click();
    await control.getByText('Day One - July 14th, 1986').waitFor();
    // the page never grows wider than the phone
    expect(await host.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it('rejoin: missing information, unknown name, offline, then back into the running game', async () => {
    const page = await phone();
    await page.goto('/rejoin');
    await page.getByRole('link', { name: 'Back to Home' }).waitFor();
    await page.getByRole('button', { name: 'Rejoin Game' }).click();
    await expectFirstToast(page, 'Missing information');

    await page.getByLabel('Game Code').fill(joinCode.toLowerCase());
    expect(await page.getByLabel('Game Code').inputValue()).toBe(joinCode);
    await page.getByLabel('Your Display Name').fill('Nobody Here');
    await page.getByRole('button', { name: 'Rejoin Game' }).click();
    await expectFirstToast(page, 'Could not rejoin', 'Player not found in game');

    await page.context().setOffline(true);
    await page.getByLabel('Your Display Name').fill('Jane');
    await page.getByRole('button', { name: 'Rejoin Game' }).click();
    await expectFirstToast(page, 'Connection error', 'Please check your connection and try again.');
    await page.context().setOffline(false);

    // The name alone only asks for the seat; Jane's PIN, which only her own phone holds, gets it back at once.
    const jane = players[2]!;
    const pin = await jane.evaluate(() => {
      const k = Object.keys(localStorage).find((key) => /^seat_pin_[^s]/.test(key) && !key.startsWith('seat_pin_shown_'));
      return k ? localStorage.getItem(k) : null;
    });
    expect(pin).toMatch(/^\d{4,6}$/);
    await page.getByLabel('Seat PIN (optional)').fill(pin!);
    await page.getByRole('button', { name: 'Rejoin Game' }).click();
    await page.waitForURL(`**/play/${gameId}/day/1?session=*`);
  });

  it('a missing game shows "Game not found" on the host screens', async () => {
    await host.goto('/host/00000000-0000-4000-8000-000000000000/lobby');
    await host.getByText('Game not found').waitFor();
    await host.goto('/host/00000000-0000-4000-8000-000000000000/character-assignment');
    await host.getByText('Game not found').waitFor();
  });
});

/** Host: open the card's Assign Player confirmation, pick the player, confirm. */
async function assign(page: Page, cardIndex: number, playerName: string, expectSuccess: boolean) {
  const card = page.getByTestId('character-card').nth(cardIndex);
  await card.getByRole('button', { name: 'Assign Player' }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByRole('radio', { name: playerName }).check();
  await dialog.getByRole('button', { name: 'Assign' }).click();
  await dialog.waitFor({ state: 'detached' });
  if (expectSuccess) await card.getByTestId('assigned-to').getByText(`Assigned to ${playerName}`).waitFor();
}
