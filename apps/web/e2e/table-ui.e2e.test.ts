/**
 * Issue 29, the rough edges of a real evening, at 360 px with 24-character names: the name limit shown while typing,
 * the shared link filled on first paint, the seat PIN as a one-time sheet, deal and assign on the lobby's first
 * screen, toasts clear of headers and buttons, the killer as co-host without a spoiler, the host's "Begin
 * Investigation", the way back from `/`, an opaque idle cover (pixel check), the host bar at 320-414 px in every
 * state, whole-row vote targets, and both votes by keyboard alone with the live region's words checked.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { phaseRoute, phaseTable, type TGameView } from '@ss/protocol';
import {
  browserSuite,
  resultsDir,
  screenshot,
  seriousA11yViolations,
  STRONG_PASSWORD,
  uniqueEmail,
} from './harness';
import { apiCall, expectToast, loadPublishedStoryline } from './play-helpers';

const SMALL = { width: 360, height: 740 };
const WIDTHS = [320, 360, 390, 414] as const;

// 24-character names (the longest a name may be), each with a distinct first word.
const HOST = 'Ferdinand Postlethwaites';
const ALEX = 'Alexandra Montgomery-Fox';
const OTHERS = [
  'Bartholomew Fitzwilliams',
  'Constance Worthington-Ax',
  'Dorothea Cholmondeley-Ay',
  'Evangeline Ashby-Whitman',
];

const hostEmail = uniqueEmail('t29-host');
const suite = browserSuite({ adminEmails: [hostEmail] });

interface Seat {
  name: string;
  token: string;
  playerId: string;
}

async function axe(page: Page, what: string) {
  const v = await seriousA11yViolations(page);
  expect(v, `${what}: ${JSON.stringify(v, null, 1)}`).toEqual([]);
}

/** The live region's words as a screen reader gets them. */
const liveText = (page: Page) =>
  page.getByTestId('live-announcer').evaluate((el) => (el.textContent ?? '').replace(/\s+/g, ' ').trim());

/**
 * Sideways scroll, text off the screen, and text squeezed into a narrow column (three lines or more in a box under a
 * third of the screen's width) inside the element with this test id.
 */
async function layoutProblems(page: Page, testId: string): Promise<string[]> {
  return page.evaluate((id) => {
    const out: string[] = [];
    const vw = window.innerWidth;
    const sw = document.documentElement.scrollWidth;
    if (sw > vw) out.push(`the page scrolls sideways: ${sw} > ${vw}`);
    const root = document.querySelector(`[data-testid="${id}"]`);
    if (!root) return [...out, `no ${id}`];
    for (const el of [root, ...Array.from(root.querySelectorAll<HTMLElement>('*'))]) {
      const text = Array.from(el.childNodes)
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent ?? '')
        .join('')
        .trim();
      if (!text) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0) continue;
      if (r.right > vw + 1)
        out.push(`"${text.slice(0, 40)}" runs off the screen (right ${Math.round(r.right)})`);
      const lineHeight = parseFloat(getComputedStyle(el).lineHeight) || 20;
      const lines = Math.round(r.height / lineHeight);
      if (lines >= 3 && r.width < vw / 3)
        out.push(`"${text.slice(0, 40)}" wraps into a ${Math.round(r.width)}-px column (${lines} lines)`);
    }
    return out;
  }, testId);
}

/** Every width of the issue: the element fits, and a screenshot of it at that width. */
async function checkAtWidths(page: Page, testId: string, state: string) {
  const problems: string[] = [];
  mkdirSync(resultsDir, { recursive: true });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 740 });
    await page.getByTestId(testId).first().waitFor();
    await page.waitForTimeout(100); // the layout settles at the new width
    for (const p of await layoutProblems(page, testId)) problems.push(`${state} at ${width}px: ${p}`);
    await page
      .getByTestId(testId)
      .first()
      .screenshot({ path: path.join(resultsDir, `t29-host-bar-${state}-${width}.png`) });
  }
  await page.setViewportSize(SMALL);
  expect(problems).toEqual([]);
}

/** Tabs (at most `max` times) until `pick` says to stop; `pick` may press keys on the focused element. */
async function tabUntil(
  page: Page,
  pick: (focused: {
    role: string | null;
    label: string;
    testId: string | null;
    type: string | null;
    checked: string | null;
  }) => Promise<boolean>,
  max = 80,
) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return {
        role: el?.getAttribute('role') ?? null,
        label: el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? '',
        testId: el?.getAttribute('data-testid') ?? null,
        type: el?.getAttribute('type') ?? null,
        checked: el?.getAttribute('aria-checked') ?? null,
      };
    });
    if (await pick(focused)) return;
  }
  throw new Error(`tabbed ${max} times without reaching the target`);
}

describe('the rough edges of a real evening (issue 29)', () => {
  const story = loadPublishedStoryline();
  const phases = phaseTable(story.days.length);
  const DAY_ONE = phases.first + 1;
  let host: Page;
  let alex: Page;
  let hostToken = '';
  let gameId = '';
  let joinCode = '';
  const others: Seat[] = [];
  let alexId = '';
  let hostSeat = '';
  const url = () => suite.server.url;
  const route = (n: number) => phaseRoute(phases, gameId, n);
  const patch = (body: Record<string, unknown>) =>
    apiCall(url(), hostToken, 'PATCH', `/api/games/${gameId}`, { ...body, commandId: crypto.randomUUID() });
  const view = () => apiCall<TGameView>(url(), hostToken, 'GET', `/api/games/${gameId}`);

  it('sign-up shows the name limit while typing and cuts nothing', async () => {
    host = await (await suite.phone({ viewport: SMALL })).newPage();
    await host.goto('/auth');
    await host.getByRole('button', { name: 'Sign Up', exact: true }).click();
    const name = host.getByLabel('Display name');
    await name.fill(`${HOST} Jr`);
    expect(await name.inputValue()).toBe(`${HOST} Jr`);
    const hint = host.getByTestId('length-hint');
    await hint.getByText('27 / 24 characters').waitFor();
    expect(await hint.innerText()).toContain('3 too many: the limit is 24');
    await host.getByLabel('Email').fill(hostEmail);
    await host.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
    expect(await host.getByRole('button', { name: 'Create Account' }).isDisabled()).toBe(true);
    await screenshot(host, 't29-name-limit');
    await name.fill(HOST);
    await hint.getByText('24 / 24 characters').waitFor();
    await host.getByRole('button', { name: 'Create Account' }).click();
    await host.waitForURL('**/host/dashboard**');
    hostToken = (await host.evaluate(() => localStorage.getItem('token'))) as string;
    const created = await apiCall<{ id: string; joinCode: string }>(url(), hostToken, 'POST', '/api/games', {
      storylineId: story.storylineId,
    });
    gameId = created.id;
    joinCode = created.joinCode;
  });

  it('the shared link has the code on first paint; a fast tap joins; the PIN is a sheet shown once', async () => {
    // With no script at all, the form as served already holds the code.
    const noScript = await suite.browser.newContext({ javaScriptEnabled: false, viewport: SMALL });
    const bare = await noScript.newPage();
    await bare.goto(`${url()}/join?gameId=${joinCode.toLowerCase()}`);
    expect(await bare.locator('input[name="roomCode"]').inputValue()).toBe(joinCode);
    await noScript.close();

    alex = await (await suite.phone({ viewport: SMALL })).newPage();
    await alex.goto(`/join?gameId=${joinCode}`, { waitUntil: 'domcontentloaded' });
    expect(await alex.locator('input[name="roomCode"]').inputValue()).toBe(joinCode);
    await alex.getByLabel('Display name').fill(ALEX);
    await alex.getByRole('button', { name: 'Join Game' }).click();
    await alex.waitForURL('**/play/*/lobby**');

    const sheet = alex.getByRole('dialog', { name: 'Your seat PIN' });
    await sheet.getByTestId('seat-pin').waitFor();
    expect((await sheet.getByTestId('seat-pin').innerText()).trim()).toMatch(/^\d{4}$/);
    await screenshot(alex, 't29-pin-sheet');
    await axe(alex, 'PIN sheet');
    await sheet.getByRole('button', { name: 'Got it' }).click();
    await sheet.waitFor({ state: 'detached' });
    await alex.reload();
    await alex.getByRole('heading', { name: `You’re in, ${ALEX}!` }).waitFor();
    expect(await alex.getByTestId('pin-notice').count()).toBe(0);

    for (const n of OTHERS) {
      const res = await fetch(`${url()}/api/games/${joinCode}/join`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ displayName: n }),
      });
      expect(res.status).toBe(201);
      const seat = (await res.json()) as { token: string; playerId: string };
      others.push({ name: n, token: seat.token, playerId: seat.playerId });
    }
  });

  it('lobby: deal and assign on the first screen, the toast clear of the header and buttons, the killer as co-host', async () => {
    const g = await view();
    hostSeat = g.hostPlayerId!;
    alexId = g.players.find((p) => p.displayName === ALEX)!.id;
    // Alex holds the killer (the test knows it from the storyline; the host's screens must not).
    await apiCall(url(), hostToken, 'POST', `/api/games/${gameId}/assign-character`, {
      playerId: alexId,
      characterId: story.roles.killerCharacterId,
      commandId: crypto.randomUUID(),
    });

    await host.goto(`/host/${gameId}/lobby`);
    const deal = host.getByTestId('deal-at-random');
    const assign = host.getByTestId('lobby-characters').getByRole('link', { name: 'Assign Characters' });
    await deal.waitFor();
    expect(await host.evaluate(() => window.scrollY)).toBe(0);
    for (const b of [deal, assign]) {
      const box = (await b.boundingBox())!;
      expect(box.y + box.height, 'within the first screen of 740 px').toBeLessThanOrEqual(740);
    }
    await screenshot(host, 't29-host-lobby-360');
    await axe(host, 'host lobby');

    await deal.click();
    await expectToast(host, 'Characters dealt');
    // (Polled: the toast is placed once it is rendered, and the page under it may still be settling.)
    const covered = () =>
      host.evaluate(() => {
        const toast = document.querySelector('[role="region"] li');
        if (!toast) return ['no toast'];
        const t = toast.getBoundingClientRect();
        const hits: string[] = [];
        // No heading, header, button or link of the page, wherever it is.
        const guarded = Array.from(
          document.querySelectorAll<HTMLElement>('h1, h2, header, button, a[href], [role="button"]'),
        );
        for (const el of guarded) {
          if (toast.contains(el)) continue;
          const r = el.getBoundingClientRect();
          if (r.width === 0 || r.bottom <= 0 || r.top >= window.innerHeight) continue;
          const overlap =
            Math.min(r.bottom, t.bottom) - Math.max(r.top, t.top) > 0 &&
            Math.min(r.right, t.right) - Math.max(r.left, t.left) > 0;
          if (overlap)
            hits.push(`${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 30)}"`);
        }
        return hits;
      });
    await expect.poll(covered, { timeout: 2000 }).toEqual([]);
    await screenshot(host, 't29-toast-placement');

    // The killer as co-host: allowed, the same warning as for anyone, and nothing that hints at a team.
    await host.getByTestId('co-host-open').click();
    const dialog = host.getByRole('dialog', { name: 'Co-host' });
    await dialog
      .getByTestId('co-host-warning')
      .getByText(/A co-host can advance phases/)
      .waitFor();
    expect(await dialog.innerText()).not.toMatch(/killer|shadow|seeker|\bteam\b/i);
    await dialog.getByRole('combobox', { name: 'Co-host' }).click();
    const options = await host.getByRole('option').allInnerTexts();
    expect(options.join(' ')).not.toMatch(/killer|shadow|seeker|\bteam\b/i);
    await screenshot(host, 't29-co-host-killer');
    await host.getByRole('option', { name: new RegExp(ALEX) }).click();
    await expectToast(host, `${ALEX} is your co-host`);
  });

  it("the host's Begin Investigation opens Day One for everyone (after a confirmation); phones hear the change", async () => {
    await patch({ action: 'start' });
    await host.goto(`/play/${gameId}/homepage`);
    await host.getByTestId('begin-investigation').click();
    const confirm = host.getByRole('alertdialog');
    await confirm.getByText('Every phone moves to Day One').waitFor();
    await screenshot(host, 't29-begin-investigation-confirm');
    await confirm.getByRole('button', { name: 'Open Day One' }).click();
    await host.waitForURL((u) => u.pathname === route(DAY_ONE));
    await host.getByTestId('day-banner').waitFor();
    expect(await host.getByTestId('day-locked').count()).toBe(0);
    expect((await view()).currentPhase).toBe(DAY_ONE);

    await alex.waitForURL((u) => u.pathname === route(DAY_ONE));
    await expect.poll(() => liveText(alex)).toContain('The host moved everyone on. Now: Day One');
    // The PIN never sits above the game.
    expect(await alex.getByTestId('pin-notice').count()).toBe(0);
  });

  it('any page offers the way back to a game in progress, for a seat and for the host', async () => {
    for (const page of [alex, host]) {
      await page.goto('/');
      const bar = page.getByTestId('back-to-game');
      await bar.getByText('Back to your game').waitFor();
      if (page === alex) {
        await screenshot(alex, 't29-way-back-landing');
        await axe(alex, 'landing with the way back');
      }
      await bar.getByRole('link').click();
      await page.waitForURL((u) => u.pathname === route(DAY_ONE));
      // Inside the game the bar has nothing to offer.
      await page.getByTestId('back-to-game').waitFor({ state: 'detached' });
    }
    await alex.goto('/how-to-play');
    await alex.getByTestId('back-to-game').waitFor();
    await alex.goto(route(DAY_ONE));
    await alex.getByTestId('day-banner').waitFor();
  });

  it('the idle cover is opaque: the screen under it is pixel for pixel the cover alone', async () => {
    const b = others[0]!;
    const ctx = await suite.phone({ viewport: SMALL, idleBlur: true });
    await ctx.addInitScript(
      ({ token, gameId: g, playerId, name }) => {
        localStorage.setItem('token', token);
        localStorage.setItem('role', 'player');
        localStorage.setItem('gameId', g);
        localStorage.setItem('playerId', playerId);
        localStorage.setItem('user', JSON.stringify({ id: playerId, displayName: name }));
      },
      { token: b.token, gameId, playerId: b.playerId, name: b.name },
    );
    const page = await ctx.newPage();
    await page.goto(`/play/${gameId}/homepage`);
    await page.getByTestId('character-name').waitFor();
    await page.evaluate(() => window.scrollTo(0, 400)); // story text fills the screen
    // The page goes to the background (app switcher): the cover is up at once, as after 30 s idle.
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await page.getByTestId('privacy-shield').getByText('Screen hidden').waitFor();
    await page.waitForTimeout(200);
    const over = await page.screenshot();
    await screenshot(page, 't29-idle-cover');
    await page.evaluate(() => {
      document.getElementById('root')!.style.visibility = 'hidden';
    });
    await page.waitForTimeout(200);
    const alone = await page.screenshot();
    expect(Buffer.compare(over, alone), 'something behind the cover shows through').toBe(0);
    await ctx.close();
  });

  it('the host bar fits at 320-414 px with a rejoin request, a co-host and a leader', async () => {
    const res = await fetch(`${url()}/api/games/rejoin`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ joinCode, displayName: others[0]!.name }),
    });
    expect(res.status).toBeLessThan(300);
    await patch({ action: 'set-leader', playerId: others[1]!.playerId });
    await host.getByTestId('rejoin-requests').getByText('asks to rejoin on a new phone').waitFor();
    await host.getByTestId('host-bar').getByText(`Leader: ${others[1]!.name}`).waitFor();
    await checkAtWidths(host, 'host-bar', 'rejoin-leader');
    // The co-host's bar (the killer's phone): the same request, no host-only buttons.
    await alex.getByTestId('host-bar').getByText('Co-host').first().waitFor();
    await checkAtWidths(alex, 'host-bar', 'co-host');
  });

  it('the suspect vote by keyboard alone: whole-row targets, and the result in the live region', async () => {
    await patch({ action: 'set-phase', phase: phases.suspectVote });
    await alex.waitForURL((u) => u.pathname === route(phases.suspectVote));
    await alex.getByTestId('vote-player-list').waitFor();
    const rows = await alex.getByTestId('vote-choice').evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        const list = el.closest('ul')!.getBoundingClientRect();
        return { h: r.height, share: r.width / list.width };
      }),
    );
    expect(rows.length).toBe(6);
    for (const r of rows) {
      expect(r.h).toBeGreaterThanOrEqual(44);
      expect(r.share).toBeGreaterThan(0.8);
    }

    // Everyone else votes first (never for Alex), so Alex's ballot is the last and closes the vote.
    const pool = [...others.map((o) => o.playerId), hostSeat];
    const ballot = (self: string) => pool.filter((id) => id !== self).slice(0, 3);
    for (const o of others)
      await apiCall(url(), o.token, 'POST', `/api/games/${gameId}/suspect-votes`, {
        suspects: ballot(o.playerId),
      });
    await apiCall(url(), hostToken, 'POST', `/api/games/${gameId}/suspect-votes`, {
      suspects: ballot(hostSeat),
    });

    const wanted = others.slice(0, 3).map((o) => o.name);
    let picked = 0;
    await alex.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await tabUntil(alex, async (f) => {
      if (f.role === 'checkbox' && picked < 3 && wanted.some((n) => f.label.includes(n))) {
        await alex.keyboard.press('Space');
        picked++;
        return false;
      }
      if (f.testId === 'submit-suspects' && picked === 3) {
        await screenshot(alex, 't29-keyboard-suspect-vote');
        await alex.keyboard.press('Enter');
        return true;
      }
      return false;
    });
    await alex.waitForURL('**/outcome**');
    await expect
      .poll(() => liveText(alex), { timeout: 15_000 })
      .toMatch(/^Suspect vote result: the top 3 suspects are /);
  });

  it('the defence state of the host bar; the final vote by keyboard alone; the reveal read out', async () => {
    await patch({ action: 'set-phase', phase: phases.finalVote });
    const g = await view();
    const top = g.suspectVoting.topSuspects!.map((t) => t.playerId);
    expect(top).not.toContain(alexId);
    await apiCall(url(), hostToken, 'POST', `/api/games/${gameId}/defences`, {
      suspectPlayerId: top[0],
      commandId: crypto.randomUUID(),
    });
    await host.goto(route(phases.finalVote));
    await host.getByTestId('defence-controls').getByRole('button', { name: 'End now' }).waitFor();
    await checkAtWidths(host, 'host-bar', 'defence');
    await host.getByTestId('defence-controls').getByRole('button', { name: 'End now' }).click();

    // The other voters first; Alex's vote is the last.
    for (const o of others.filter((x) => !top.includes(x.playerId))) {
      await apiCall(url(), o.token, 'POST', `/api/games/${gameId}/votes`, { phase: 99, suspectId: top[0] });
    }
    if (!top.includes(hostSeat))
      await apiCall(url(), hostToken, 'POST', `/api/games/${gameId}/votes`, { phase: 99, suspectId: top[0] });

    await alex.goto(route(phases.finalVote));
    await alex.getByTestId('defences-heard').and(alex.locator(':not([disabled])')).waitFor();
    await alex.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await tabUntil(alex, async (f) => {
      if (f.testId !== 'defences-heard') return false;
      await alex.keyboard.press('Enter');
      return true;
    });
    await alex.getByTestId('final-vote-options').waitFor();
    const rows = await alex
      .getByTestId('vote-choice')
      .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height));
    for (const h of rows) expect(h).toBeGreaterThanOrEqual(44);
    await alex.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    let chosen = false;
    await tabUntil(alex, async (f) => {
      if (f.type === 'radio' && !chosen) {
        await alex.keyboard.press('Space');
        chosen = true;
        return false;
      }
      if (f.testId === 'cast-final-vote' && chosen) {
        await screenshot(alex, 't29-keyboard-final-vote');
        await alex.keyboard.press('Enter');
        return true;
      }
      return false;
    });
    // (Polled: Enter sends the vote; its answer and the server's commit come a moment later.)
    await expect.poll(async () => (await view()).status).toBe('completed');

    // The reveal, step by step, in the live region.
    const verdict = alex.getByTestId('reveal-verdict');
    await verdict.waitFor({ timeout: 20_000 });
    const said = (await verdict.innerText()).replace(/\s+/g, ' ').trim();
    await expect.poll(() => liveText(alex)).toBe(said.length > 400 ? `${said.slice(0, 400)}…` : said);
    const next = alex.getByTestId('reveal-next');
    if ((await next.count()) > 0) {
      await next.focus();
      await alex.keyboard.press('Enter');
      // The shared reveal's next step after the verdict is the accused (the killer follows on the host's next tap).
      const accused = alex.getByTestId('accused-name');
      await accused.waitFor();
      await expect.poll(() => liveText(alex)).toContain((await accused.innerText()).trim());
    }
    await screenshot(alex, 't29-reveal-announced');
    await host.goto(route(phases.finalVote));
    await host.getByTestId('staged-reveal').waitFor({ timeout: 20_000 });
    await checkAtWidths(host, 'staged-reveal', 'reveal');
  });
});
