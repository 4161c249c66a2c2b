/**
 * Issue 15, "At the table": a whole game with the storyline's longest professions and 24-character player names,
 * on phones of 360×740 and 390×844, with a table screen (/tv/{code}) on a laptop following it. Every in-game screen
 * is checked for horizontal overflow and for names that cannot be read; then the staged reveal, the survey and
 * once-only feedback, hold-to-reveal and the idle blur.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import {
  browserSuite,
  expectAccessible,
  type PhoneOptions,
  screenshot,
  signUpHost,
  uniqueEmail,
} from './harness';
import { apiCall, expectToast, joinThroughUi, loadPublishedStoryline, pathOf } from './play-helpers';

const SMALL = { width: 360, height: 740 };
const PHONE = { width: 390, height: 844 };

// 24-character player names (the worst case), each with a distinct first word.
const HOST = 'Ferdinand Postlethwaites';
const NAMES = ['Alexandra Montgomery-Fox', 'Bartholomew Fitzwilliams', 'Constance Worthington-Ax', 'Dorothea Cholmondeley-Ay', 'Evangeline Ashby-Whitman'];

const hostEmail = uniqueEmail('table-host');

const suite = browserSuite({ adminEmails: [hostEmail] });

const context = (opts: PhoneOptions): Promise<BrowserContext> => suite.phone(opts);

interface FitReport {
  overflow: number;
  innerWidth: number;
  wide: string[];
  clipped: string[];
  missing: string[];
}

/**
 * The page is no wider than the screen, no text is cut off without an accessible full name, and every name in
 * `mustShow` is readable in full (visible text, or an aria-label/title that holds it).
 */
async function expectFits(page: Page, what: string, mustShow: string[] = []): Promise<void> {
  await page.waitForTimeout(150); // let images and fonts settle the layout
  const r = await page.evaluate((names: string[]): FitReport => {
    const vw = window.innerWidth;
    const all = Array.from(document.querySelectorAll<HTMLElement>('body *'));
    const wide = all
      .filter((el) => {
        const b = el.getBoundingClientRect();
        return b.width > 0 && b.right > vw + 1 && getComputedStyle(el).position !== 'fixed';
      })
      .slice(0, 6)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 80)} right=${Math.round(el.getBoundingClientRect().right)}`);
    const labelled = (el: HTMLElement) => {
      const full = el.textContent?.trim() ?? '';
      for (let n: HTMLElement | null = el; n; n = n.parentElement) {
        const label = `${n.getAttribute('aria-label') ?? ''} ${n.getAttribute('title') ?? ''}`;
        if (full && label.includes(full)) return true;
      }
      return false;
    };
    const clipped = all
      .filter((el) => {
        const cs = getComputedStyle(el);
        const clips = cs.textOverflow === 'ellipsis' || cs.overflowX === 'hidden' || cs.overflowX === 'clip';
        // (visually hidden text, such as the skip link, is clipped on purpose)
        const hidden = el.classList.contains('sr-only') || cs.clipPath.startsWith('inset(50%') || cs.clip.startsWith('rect(0');
        return clips && !hidden && el.scrollWidth > el.clientWidth + 1 && (el.textContent ?? '').trim() !== '' && el.children.length === 0 && !labelled(el);
      })
      .map((el) => (el.textContent ?? '').trim().slice(0, 60));
    const text = document.body.innerText.replace(/\s+/g, ' ');
    const labels = all.map((el) => `${el.getAttribute('aria-label') ?? ''} ${el.getAttribute('title') ?? ''}`).join('\n');
    const missing = names.filter((n) => !text.includes(n) && !labels.includes(n));
    return { overflow: document.documentElement.scrollWidth - vw, innerWidth: vw, wide, clipped, missing };
  }, mustShow);
  // Recorded, not thrown at once: the game goes on, and each step reports every screen that does not fit.
  if (r.overflow > 0) problems.push(`${what} at ${r.innerWidth}px is ${r.overflow}px too wide: ${JSON.stringify(r.wide)}`);
  if (r.clipped.length) problems.push(`${what}: text cut off without a full name: ${JSON.stringify(r.clipped)}`);
  if (r.missing.length) problems.push(`${what}: names not readable: ${JSON.stringify(r.missing)}`);
}

const problems: string[] = [];
/** Fails the current step with every layout problem recorded in it. */
function expectNoLayoutProblems() {
  const found = problems.splice(0);
  expect(found).toEqual([]);
}

/** The five-step feedback form, the clarity step skipped. */
async function submitFeedback(
  dialog: Locator,
  a: { stars: string; theoryFormed: string; moment: string; playAgain: string },
): Promise<void> {
  await dialog.getByRole('radio', { name: a.stars }).click();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByLabel(a.theoryFormed).check();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('button', { name: 'Skip' }).click();
  await dialog.getByLabel('What was your favorite moment of the game?').fill(a.moment);
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByLabel(a.playAgain).check();
  await dialog.getByRole('button', { name: 'Submit Feedback' }).click();
}

async function hostPatch(token: string, gameId: string, body: Record<string, unknown>) {
  await apiCall(suite.server.url, token, 'PATCH', `/api/games/${gameId}`, { ...body, commandId: crypto.randomUUID() });
}

describe('at the table (issue 15)', () => {
  const story = loadPublishedStoryline();
  const { roles } = story;
  let host: Page;
  let hostToken = '';
  let gameId = '';
  let joinCode = '';
  let tv: Page;
  const players: Page[] = [];
  const byName: Record<string, string> = {};
  const charName = (who: string) => story.names[byName[who]!]!;
  const full = (who: string) => `${charName(who)} (${who})`;
  const everyone = () => [host, ...players];
  const everyName = () => [HOST, ...NAMES].map(full);

  it('setup: a lobby of long names fits, and the table screen shows the room code and QR', async () => {
    for (const n of [HOST, ...NAMES]) expect(n).toHaveLength(24);
    host = await (await context({ viewport: SMALL })).newPage();
    await signUpHost(host, HOST, hostEmail);
    hostToken = (await host.evaluate(() => localStorage.getItem('token'))) as string;
    const created = await apiCall<{ id: string; joinCode: string }>(suite.server.url, hostToken, 'POST', '/api/games', {
      storylineId: story.storylineId,
      isTestingMode: true,
    });
    gameId = created.id;
    joinCode = created.joinCode;
    // The table screen shows first names unless the host allows full ones: this table checks the longest names fit.
    await apiCall(suite.server.url, hostToken, 'PATCH', `/api/games/${gameId}`, { action: 'set-tv-names', tvNames: 'full_names', commandId: crypto.randomUUID() });

    tv = await (await context({ viewport: { width: 1280, height: 720 } })).newPage();
    await tv.goto(`/tv/${joinCode}`);
    expect(await tv.getByTestId('tv-room-code').textContent()).toBe(joinCode);
    await tv.getByRole('img', { name: `QR code to join with room code ${joinCode}` }).waitFor();
    await screenshot(tv, 'table-tv-joining');
    await expectAccessible(tv, { what: 'table screen (joining)' });

    for (const [i, n] of NAMES.entries()) players.push(await joinThroughUi(await context({ viewport: i % 2 ? PHONE : SMALL }), joinCode, n));
    await host.goto(`/host/${gameId}/lobby`);
    await host.getByTestId('player-list').getByText(NAMES[4]!).waitFor();
    // the storyline's own duration and day count, never a generic estimate
    const plan = await host.getByTestId('lobby-plan').textContent();
    expect(plan).not.toContain('45-60');
    expect(plan).toContain('4 story days');
    expect(await host.getByTestId('join-url').textContent()).toContain(joinCode);
    await expectFits(host, 'host lobby', [HOST, ...NAMES]);
    await screenshot(host, 'table-host-lobby-360');
    for (const [i, p] of players.entries()) await expectFits(p, `player lobby ${i}`);
    // the table screen followed the joins
    await tv.getByTestId('tv-players-list').getByText(NAMES[4]!).waitFor();

    // Six seats deal exactly the essential cast (a game starts only with every essential character assigned); the
    // detective and the killer go to the first two names, the other essential characters to the rest.
    const others = story.essentialCharacterIds.filter((id) => id !== roles.detectiveCharacterId && id !== roles.killerCharacterId);
    Object.assign(byName, {
      [NAMES[0]!]: roles.detectiveCharacterId,
      [NAMES[1]!]: roles.killerCharacterId,
      [NAMES[2]!]: others[0],
      [NAMES[3]!]: others[1],
      [NAMES[4]!]: others[2],
      [HOST]: others[3],
    });
    const gp = await apiCall<{ id: string; displayName: string }[]>(suite.server.url, hostToken, 'GET', `/api/games/${gameId}/players`);
    for (const [name, characterId] of Object.entries(byName)) {
      const playerId = gp.find((p) => p.displayName === name)!.id;
      await apiCall(suite.server.url, hostToken, 'POST', `/api/games/${gameId}/assign-character`, { playerId, characterId, commandId: crypto.randomUUID() });
    }
    await host.goto(`/host/${gameId}/character-assignment`);
    await host.getByText(charName(NAMES[2]!)).first().waitFor();
    await expectFits(host, 'character assignment');
    await host.goto(`/host/${gameId}/lobby`);
    await host.getByText(charName(NAMES[2]!), { exact: false }).first().waitFor();
    await expectFits(host, 'host lobby with characters', [HOST, ...NAMES]);
    expectNoLayoutProblems();
  });

  it('homepage: team and secrets are hidden until held; every phone fits', async () => {
    await hostPatch(hostToken, gameId, { action: 'start' });
    await host.goto(`/play/${gameId}/homepage`);
    for (const p of everyone()) await p.waitForURL(`**/play/${gameId}/homepage**`);
    for (const p of everyone()) await p.getByRole('heading', { name: 'Character Identity' }).waitFor();
    for (const [i, p] of everyone().entries()) await expectFits(p, `homepage ${i}`);
    await tv.getByTestId('tv-homepage').waitFor();

    // hold-to-reveal: nothing on the page until pressed, gone again on release
    const p = players[1]!;
    expect(await p.getByTestId('team-badge').count()).toBe(0);
    const holdTeam = p.getByRole('button', { name: 'Hold to see your team' });
    await holdTeam.hover();
    await p.mouse.down();
    expect(await p.getByTestId('team-badge').textContent()).toMatch(/Shadow/); // the killer is always a shadow
    await screenshot(p, 'table-hold-team');
    await p.mouse.up();
    await p.getByTestId('team-badge').waitFor({ state: 'detached' });
    const holdSecrets = p.getByRole('button', { name: 'Hold to read your secrets' });
    await holdSecrets.scrollIntoViewIfNeeded();
    expect(await p.getByTestId('hold-secrets').innerText()).toBe('Hold to read your secrets');
    await holdSecrets.focus();
    await p.keyboard.down('Space');
    expect((await p.getByTestId('hold-secrets').innerText()).length).toBeGreaterThan(60);
    await p.keyboard.up('Space');
    expect(await p.getByTestId('hold-secrets').innerText()).toBe('Hold to read your secrets');
    await expectAccessible(p, { what: 'homepage with hold-to-reveal' });
    expectNoLayoutProblems();
  });

  it('the four days fit every phone and the table screen shows each day', async () => {
    for (let day = 1; day <= 4; day++) {
      await hostPatch(hostToken, gameId, { action: 'advance', fromPhase: day - 1 });
      for (const p of everyone()) await p.waitForURL(`**/play/${gameId}/day/${day}**`);
      for (const p of everyone()) await p.getByRole('heading', { name: 'Your Story' }).waitFor();
      for (const p of everyone()) {
        const flash = p.getByTestId('memory-flash');
        if (await flash.isVisible()) await flash.getByRole('button').first().click();
      }
      for (const [i, p] of everyone().entries()) await expectFits(p, `day ${day} phone ${i}`);
      await tv.locator(`[data-testid="tv"][data-phase="${day}"]`).waitFor();
      await tv.getByTestId('tv-day').getByRole('heading', { name: story.days[day - 1]!.date }).waitFor();
    }
    await screenshot(players[0]!, 'table-day-four-360');
    await screenshot(players[1]!, 'table-day-four-390');
    await screenshot(tv, 'table-tv-day-four');
    await expectAccessible(tv, { what: 'table screen (day)' });
    // a day list has no stray bullets beside its pictures
    const bullets = await players[1]!.evaluate(() =>
      Array.from(document.querySelectorAll('[data-testid="media-thumb"]')).map((b) => getComputedStyle(b.closest('ul')!).listStyleType),
    );
    expect(bullets.length).toBeGreaterThan(0);
    expect(new Set(bullets)).toEqual(new Set(['none']));
    expectNoLayoutProblems();
  });

  it('the idle blur covers a phone after 30 s and when the page is hidden', async () => {
    const p = players[3]!;
    // The days test above is skipped for now: open Day One here so the phone is on a day page either way.
    const game = await apiCall<{ currentPhase: number }>(suite.server.url, hostToken, 'GET', `/api/games/${gameId}`);
    if (game.currentPhase === 0) {
      await hostPatch(hostToken, gameId, { action: 'advance', fromPhase: 0 });
      await p.waitForURL(`**/play/${gameId}/day/1**`);
    }
    await p.addInitScript(() => localStorage.removeItem('ss_idle_blur_off'));
    await p.clock.install();
    await p.reload();
    await p.getByRole('heading', { name: 'Your Story' }).waitFor();
    expect(await p.getByTestId('privacy-shield').count()).toBe(0);
    await p.clock.fastForward(20_000);
    expect(await p.getByTestId('privacy-shield').count()).toBe(0);
    await p.clock.fastForward(11_000);
    await p.getByTestId('privacy-shield').waitFor();
    await screenshot(p, 'table-idle-blur');
    await expectAccessible(p, { what: 'idle blur' });
    await p.getByRole('button', { name: 'Tap to Continue' }).click();
    await p.getByTestId('privacy-shield').waitFor({ state: 'detached' });
    await p.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await p.getByTestId('privacy-shield').waitFor();
    await p.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
    });
    await p.getByRole('button', { name: 'Tap to Continue' }).click();
    expectNoLayoutProblems();
  });

  it('suspect vote and outcome fit, with the detective’s icon actions and every name readable', async () => {
    await hostPatch(hostToken, gameId, { action: 'advance', fromPhase: 4 });
    for (const p of everyone()) await p.waitForURL(`**/play/${gameId}/vote**`);
    for (const p of everyone()) await p.getByRole('heading', { name: 'Suspect Voting Phase' }).waitFor();
    const [alexandra, bartholomew, constance, dorothea, evangeline] = players as [Page, Page, Page, Page, Page];
    await alexandra.getByTestId('detective-authority').waitFor();
    await expectFits(alexandra, 'detective vote screen', everyName());
    await screenshot(alexandra, 'table-vote-detective-360');
    // the detective removes Evangeline's vote (an icon button with the full name in its accessible name)
    await alexandra.getByRole('button', { name: `Remove Vote: ${charName(NAMES[4]!)}` }).click();
    await alexandra.getByRole('alertdialog').getByRole('button', { name: 'Confirm Removal' }).click();
    await evangeline.getByTestId('vote-lost-notice').waitFor();
    for (const [i, p] of everyone().entries()) await expectFits(p, `suspect vote ${i}`, everyName());

    const box = (p: Page, who: string) => p.getByRole('checkbox', { name: new RegExp(`\\(${who}\\)$`) });
    const ballots: [Page, string[]][] = [
      [host, [NAMES[1]!, NAMES[2]!, NAMES[3]!]],
      [alexandra, [NAMES[1]!, NAMES[2]!, NAMES[3]!]],
      [bartholomew, [NAMES[2]!, NAMES[3]!, NAMES[0]!]],
      [constance, [NAMES[1]!, NAMES[3]!, NAMES[0]!]],
      [dorothea, [NAMES[1]!, NAMES[2]!, NAMES[0]!]],
    ];
    for (const [i, [p, picks]] of ballots.entries()) {
      for (const who of picks) await box(p, who).click();
      await p.getByTestId('submit-suspects').click();
      await p.waitForURL(`**/play/${gameId}/outcome**`);
      if (i === 1) {
        await tv.getByTestId('tv-suspect-progress').getByText('2 of 5 votes in').waitFor();
        await screenshot(tv, 'table-tv-suspect-progress');
      }
    }
    await evangeline.waitForURL(`**/play/${gameId}/outcome**`);
    for (const p of everyone()) await p.getByTestId('top-suspects').waitFor({ timeout: 15_000 });
    for (const [i, p] of everyone().entries()) await expectFits(p, `outcome ${i}`, [NAMES[1]!, NAMES[2]!, NAMES[3]!].map(full));
    await tv.getByTestId('tv-top-suspects').getByText(full(NAMES[1]!)).waitFor();
    expectNoLayoutProblems();
  });

  it('final vote: defences without a skip button, counts that agree, the table screen shows the clock and counts', async () => {
    await hostPatch(hostToken, gameId, { action: 'advance', fromPhase: 5 });
    for (const p of everyone()) await p.waitForURL(`**/play/${gameId}/final-vote**`);
    for (const p of everyone()) await p.getByText('Suspect Defense Phase - 2 Minutes Each').waitFor();
    for (const p of everyone()) expect(await p.getByRole('button', { name: 'Begin Defense Statements' }).count()).toBe(0);
    await host.getByTestId('defence-controls').getByRole('button', { name: `Start defence: ${charName(NAMES[1]!)}` }).click();
    // the speaker's phone: "You're on" with the clock; the others: who is speaking, the same clock, no way past it
    await players[1]!.getByTestId('youre-on').getByText(/You’re on — (2:00|1:[0-5]\d)/).waitFor();
    for (const p of everyone().filter((x) => x !== players[1])) {
      await p.getByTestId('defence-title').getByText(`${charName(NAMES[1]!)} is speaking`).waitFor();
      expect(await p.getByTestId('defences-heard').isDisabled()).toBe(true);
    }
    await screenshot(players[1]!, 'table-defence-youre-on');
    await tv.getByTestId('tv-defence').getByText(`${full(NAMES[1]!)} is speaking`).waitFor();
    expect(await tv.getByTestId('tv-clock').textContent()).toMatch(/^(2:00|1:[0-5]\d)$/);
    await screenshot(tv, 'table-tv-defence');
    await expectAccessible(tv, { what: 'table screen (defence)' });
    // the host ends it early; every phone may go on to the ballot
    await host.getByTestId('defence-controls').getByRole('button', { name: 'End now' }).click();
    for (const p of everyone()) {
      await p.getByTestId('defences-heard').and(p.locator(':not([disabled])')).waitFor();
      await p.getByTestId('defences-heard').click();
    }

    const [alexandra, , , , evangeline] = players as [Page, Page, Page, Page, Page];
    await alexandra.getByTestId('final-vote-options').waitFor();
    // 3 top suspects can't vote; the player who lost the vote to the detective is counted apart and not badged Suspect
    expect(await alexandra.getByTestId('eligible-voters').textContent()).toBe('2');
    expect(await alexandra.getByTestId('suspects-cannot-vote').textContent()).toBe('3');
    await alexandra.getByTestId('removed-votes').getByText('1 more player lost the vote to the detective.').waitFor();
    const evaRow = alexandra.getByTestId('final-vote-options').locator('label').filter({ hasText: NAMES[4]! });
    expect(await evaRow.getByText('Suspect', { exact: true }).count()).toBe(0);
    await evaRow.getByText('No Vote', { exact: true }).waitFor();
    expect(await alexandra.getByTestId('final-vote-options').getByText('Suspect', { exact: true }).count()).toBe(3);
    await evangeline.getByText('You Have Lost Your Vote').waitFor();
    for (const [i, p] of everyone().entries()) await expectFits(p, `final vote ${i}`);
    await screenshot(alexandra, 'table-final-vote-360');
    await screenshot(players[1]!, 'table-final-top-suspect-390');
    await expectAccessible(alexandra, { what: 'final vote' });

    const radio = (p: Page, who: string) => p.getByRole('radio', { name: new RegExp(`\\(${who}\\)`) });
    await radio(alexandra, NAMES[1]!).check();
    await alexandra.getByTestId('cast-final-vote').click();
    await alexandra.getByRole('heading', { name: 'Waiting for Final Vote' }).waitFor();
    await tv.getByTestId('tv-final-progress').getByText('1 of 2 votes in').waitFor();
    await expectFits(alexandra, 'final waiting');
    await radio(host, NAMES[1]!).check();
    await host.getByTestId('cast-final-vote').click();
    // The table screen shows the verdict stage and names nobody until the host's step (the shared reveal).
    await tv.getByTestId('tv-verdict-in').waitFor({ timeout: 15_000 });
    expect(await tv.getByTestId('tv-verdict').count()).toBe(0);
    await screenshot(tv, 'table-tv-verdict-in');
    expectNoLayoutProblems();
  });

  it('the shared reveal: the host steps the room through the verdict, the accused, the killer with portrait, the Shadows, the story', async () => {
    const p = players[0]!; // 360 px
    const next = async () => {
      await host.getByTestId('reveal-next').click();
    };
    await p.getByTestId('verdict-in').waitFor({ timeout: 15_000 });
    expect(await p.getByTestId('killer-reveal').count()).toBe(0);
    expect(await p.getByTestId('staged-reveal').innerText()).not.toContain('was the killer');
    await expectFits(p, 'reveal: verdict');
    await screenshot(p, 'table-reveal-1-verdict');

    await next(); // Name the Accused
    await p.getByTestId('accused-name').getByText(full(NAMES[1]!)).waitFor();
    expect(await p.getByTestId('killer-reveal').count()).toBe(0);
    await expectFits(p, 'reveal: accused');

    await next(); // Reveal the Killer
    await p.getByTestId('reveal-killer').getByRole('heading', { name: 'The Seekers Have Won!' }).waitFor();
    const killer = p.getByTestId('killer-reveal');
    await killer.waitFor();
    expect(await p.getByTestId('killer-name').textContent()).toBe(full(NAMES[1]!));
    expect(await killer.locator('img').count()).toBe(1);
    expect(await p.getByTestId('teams').count()).toBe(0);
    await tv.getByTestId('tv-verdict').getByRole('heading', { name: 'The Seekers Have Won!' }).waitFor();
    await tv.getByTestId('tv-verdict').getByText(full(NAMES[1]!)).first().waitFor();
    await screenshot(tv, 'table-tv-verdict');
    await expectFits(p, 'reveal: killer');
    await screenshot(p, 'table-reveal-2-killer');

    await next(); // Unmask the Shadows
    const teams = p.getByTestId('teams');
    await teams.waitFor();
    expect(await teams.getByTestId('team-row').count()).toBe(6);
    await teams.getByText('Killer', { exact: true }).waitFor();
    await expectFits(p, 'reveal: teams', everyName().map((n) => n.replace(/ \(.*\)$/, '')));
    await screenshot(p, 'table-reveal-3-teams');

    await next(); // Tell the Case's Story
    await p.getByTestId('case-story').waitFor();
    const right = p.getByTestId('voted-right');
    await right.getByRole('list', { name: 'Named the killer' }).getByText(full(NAMES[0]!)).waitFor();
    await right.getByRole('list', { name: 'Named the killer' }).getByText(full(HOST)).waitFor();
    await screenshot(p, 'table-reveal-4-voted-right');
    const tallies = p.getByTestId('tallies');
    await tallies.waitFor();
    expect(await tallies.getByTestId('tally-final').getByTestId('tally-bar').count()).toBe(1);
    expect(await tallies.getByTestId('tally-suspects').getByTestId('tally-bar').count()).toBe(4);
    await tallies.getByTestId('tally-final').getByText('2 votes').waitFor();
    // the full breakdown is one tap away
    expect(await p.getByRole('table').filter({ hasText: 'Accused Killer' }).isVisible()).toBe(false);
    await tallies.getByText('Every ballot').click();
    await p.getByRole('table').filter({ hasText: 'Accused Killer' }).waitFor();
    await p.getByRole('heading', { name: 'Game Complete' }).waitFor();
    await expectFits(p, 'reveal: tallies and breakdown');
    await screenshot(p, 'table-reveal-5-tallies');
    await expectAccessible(p, { what: 'shared reveal' });

    // another phone is at the same end
    await players[1]!.getByTestId('tallies').waitFor();
    await players[1]!.getByRole('heading', { name: 'Game Complete' }).waitFor();
    await expectFits(players[1]!, 'reveal at 390');
    await screenshot(players[1]!, 'table-reveal-390');
    expectNoLayoutProblems();
  });

  it('after the game: the survey from the results, feedback once, and a player’s Back goes home', async () => {
    const p = players[2]!;
    await p.getByTestId('game-complete').waitFor();
    // survey
    await p.getByRole('button', { name: 'Take the Survey' }).click();
    const survey = p.getByRole('dialog');
    const groups = survey.getByRole('radiogroup');
    // The dialog opens before its questions have rendered: wait for all ten, do not count the first frame.
    await expect.poll(() => groups.count(), { timeout: 10_000 }).toBe(10);
    for (let i = 0; i < 10; i++) await groups.nth(i).getByRole('radio', { name: '4 stars' }).click();
    await survey.getByRole('button', { name: 'Submit Survey' }).click();
    await survey.getByText('Survey Complete').waitFor();
    await screenshot(p, 'table-survey-complete');
    // (Escape would close the "Survey submitted" toast first: it is the newest layer.)
    await survey.getByRole('button', { name: 'Close' }).first().click();
    await survey.waitFor({ state: 'detached' });

    // feedback: five steps, once
    await p.getByRole('button', { name: 'Give Feedback' }).click();
    await submitFeedback(p.getByRole('dialog'), {
      stars: '5 stars',
      theoryFormed: 'Day 3 - July 20th, 1986',
      moment: 'The reveal of the land agent',
      playAgain: 'Yes, definitely',
    });
    await expectToast(p, 'Thank you for your feedback!');
    await p.getByTestId('feedback-given').waitFor();
    expect(await p.getByRole('button', { name: 'Give Feedback' }).count()).toBe(0);
    await p.reload(); // the reveal stays where this phone left it; the server remembers the feedback
    await p.getByTestId('feedback-given').waitFor();
    await screenshot(p, 'table-feedback-given');

    // a second submit (another screen of the same player) says it was already given, not "Error"
    await p.goto('/test-feedback-modal'); // prefilled from this tab's player session
    await submitFeedback(p.getByRole('dialog'), {
      stars: '3 stars',
      theoryFormed: 'I never formed a theory',
      moment: 'Again',
      playAgain: 'Maybe',
    });
    await expectToast(p, 'Feedback already given');

    // the results page: a player's Back goes home, never to the host sign-in
    await p.goto(`/games/${gameId}/results`);
    await p.getByRole('heading', { name: 'Game Results' }).waitFor();
    await expectFits(p, 'game results', [NAMES[1]!]);
    await p.getByRole('link', { name: 'Back to Home' }).click();
    await p.waitForURL((u) => u.pathname === '/');
    expect(pathOf(p)).toBe('/');
    await screenshot(p, 'table-back-home');
    expectNoLayoutProblems();
  });
});
