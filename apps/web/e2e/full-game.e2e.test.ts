/**
 * Issue 8: a whole game in the browser. A host and five players (the storyline's minimum is six seats), each in their own browser context (separate
 * people), from joining to the results page, against the real server and the real storyline content.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { browserSuite, expectAccessible, screenshot, signUpHost, uniqueEmail } from './harness';
import { apiCall, expectToast, hostAdvance, joinAll, loadPublishedStoryline, pathOf } from './play-helpers';

const hostEmail = uniqueEmail('fullgame-host');

const suite = browserSuite({ adminEmails: [hostEmail] });

const phone = (): Promise<BrowserContext> => suite.phone();

describe('full game (issue 8)', () => {
  it('host + 5 players play from join to results; every phone reaches the same verdict', async () => {
    const story = loadPublishedStoryline();
    const { roles } = story;

    // ---------- host: sign up (UI), create a testing-mode game ----------
    const hostCtx = await phone();
    const host = await hostCtx.newPage();
    await signUpHost(host, 'Miss Lemon', hostEmail);
    const hostToken = (await host.evaluate(() => localStorage.getItem('token'))) as string;
    expect(hostToken).toBeTruthy();
    const created = await apiCall<{ id: string; joinCode: string }>(suite.server.url, hostToken, 'POST', '/api/games', {
      storylineId: story.storylineId,
      isTestingMode: true,
    });
    const gameId = created.id;
    await host.goto(`/host/${gameId}/lobby`);

    // ---------- five players join through /join ----------
    const names = ['Alice', 'Bram', 'Cora', 'Dilip', 'Eve'];
    const players = await joinAll(phone, created.joinCode, names);

    // ---------- cast: core characters first (roles read from the content) ----------
    const cast = story.castOrder.slice(0, names.length + 1);
    const detectiveId = roles.detectiveCharacterId;
    const killerId = roles.killerCharacterId;
    const flashId = roles.memoryFlashCharacterIds.find((id) => cast.includes(id) && id !== detectiveId && id !== killerId);
    expect(cast).toContain(detectiveId);
    expect(cast).toContain(killerId);
    expect(flashId).toBeTruthy();
    const others = cast.filter((id) => id !== detectiveId && id !== killerId && id !== flashId);
    // Alice: detective, Bram: killer, Cora: an innocent who loses her vote, Dilip: memory flashes, host and Eve: the rest.
    const byName: Record<string, string> = { Alice: detectiveId, Bram: killerId, Cora: others[0]!, Dilip: flashId!, 'Miss Lemon': others[1]!, Eve: others[2]! };
    const gamePlayers = await apiCall<{ id: string; displayName: string }[]>(suite.server.url, hostToken, 'GET', `/api/games/${gameId}/players`);
    const pid = (name: string) => gamePlayers.find((p) => p.displayName === name)!.id;
    for (const [name, characterId] of Object.entries(byName)) {
      await apiCall(suite.server.url, hostToken, 'POST', `/api/games/${gameId}/assign-character`, { playerId: pid(name), characterId });
    }
    const [alice, bram, cora, dilip, eve] = players as [Page, Page, Page, Page, Page];
    const charName = (name: string) => story.names[byName[name]!]!;

    // ---------- host starts (UI); every phone moves to its homepage by itself ----------
    await host.goto(`/host/${gameId}/lobby`);
    await host.getByRole('button', { name: 'Start Game' }).click();
    await host.getByRole('alertdialog').getByRole('button', { name: 'Start Game' }).click();
    const everyone = [host, ...players];
    for (const p of everyone) await p.waitForURL(`**/play/${gameId}/homepage**`);
    for (const p of everyone) await p.getByRole('heading', { name: 'Character Identity' }).waitFor();

    await alice.getByRole('heading', { name: 'Press Conference', exact: true }).waitFor();
    expect(await bram.getByRole('heading', { name: 'Wait for Press Conference' }).isVisible()).toBe(true);
    // the team is shown only while held (private on a shared sofa)
    await bram.getByRole('button', { name: 'Hold to see your team' }).hover();
    await bram.mouse.down();
    expect(await bram.getByTestId('team-badge').textContent()).toMatch(/Seeker|Shadow/);
    await bram.mouse.up();
    await bram.getByRole('button', { name: 'Begin Investigation - July 14th, 1986' }).waitFor();
    await bram.getByRole('heading', { name: 'Special Instructions' }).waitFor();
    expect(await bram.locator('#instructions ol li').count()).toBeGreaterThan(1);
    await screenshot(bram, 'play-homepage');
    await screenshot(alice, 'play-homepage-press-conference');
    await expectAccessible(bram, { what: 'homepage' });
    // the game rules help opens in a dialog
    await bram.getByRole('button', { name: 'Game Rules' }).click();
    await bram.getByRole('dialog', { name: 'Game Rules' }).getByText('Showing your phone to another player loses your vote.').waitFor();
    await screenshot(bram, 'play-homepage-rules');
    await bram.keyboard.press('Escape');

    // a player runs ahead: day one is locked until the host opens it
    await cora.getByRole('button', { name: 'Begin Investigation - July 14th, 1986' }).click();
    await cora.waitForURL(`**/play/${gameId}/day/1**`);
    await cora.getByText("The host hasn't opened this day yet").waitFor();
    await screenshot(cora, 'play-day-locked');

    // ---------- day one: the host advances from the in-game bar; phones follow ----------
    await hostAdvance(host);
    for (const p of [host, alice, bram, dilip]) await p.waitForURL(`**/play/${gameId}/day/1**`);
    await cora.getByRole('heading', { name: 'Your Story' }).waitFor(); // unlocked by itself
    for (const p of everyone) await p.getByRole('heading', { name: '(Leaked) Crime Scene Evidence' }).waitFor();
    await bram.getByRole('heading', { name: 'July 14th, 1986' }).waitFor();
    await bram.getByRole('heading', { name: 'Memories of the victim' }).waitFor();
    await screenshot(bram, 'play-day-one');
    await expectAccessible(bram, { what: 'day one' });

    // media viewer: open, next, Escape
    const thumbs = bram.getByTestId('media-thumb');
    expect(await thumbs.count()).toBeGreaterThan(0);
    await thumbs.first().click();
    const viewer = bram.getByTestId('media-viewer');
    await viewer.waitFor();
    expect(await viewer.getByTestId('media-viewer-image').getAttribute('alt')).toBeTruthy();
    await screenshot(bram, 'play-media-viewer');
    await bram.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });

    // testing mode: the daily suspect tracker
    const tracker = bram.getByTestId('daily-tracker');
    await tracker.getByRole('combobox').click();
    await bram.getByRole('option', { name: new RegExp(`\\(Cora\\)`) }).click();
    await tracker.getByRole('button', { name: 'Submit Vote' }).click();
    await expectToast(bram, 'Vote Submitted Successfully!', 'Your suspect vote has been recorded and will help improve this storyline.');

    // the phase screen: notes are saved to the server and survive a reload
    await dilip.goto(`/play/${gameId}/phase`);
    const notes = dilip.getByTestId('notes');
    await notes.waitFor();
    await expect.poll(() => notes.isEnabled()).toBe(true);
    await notes.fill('Bram was near the boathouse at ten.');
    await dilip.getByTestId('notes-status').getByText('Saved').waitFor();
    await dilip.reload();
    await expect.poll(() => dilip.getByTestId('notes').inputValue()).toBe('Bram was near the boathouse at ten.');
    await screenshot(dilip, 'play-phase-notes');
    // the host (testing mode) can read another character's clues
    await host.goto(`/play/${gameId}/phase`);
    await host.getByTestId('character-testing').waitFor();
    await screenshot(host, 'play-phase-host-testing');

    // ---------- day two: the memory flash; a player reloads and resumes ----------
    await hostAdvance(host);
    for (const p of everyone) await p.waitForURL(`**/play/${gameId}/day/2**`);
    const flash = dilip.getByTestId('memory-flash');
    await flash.waitFor({ timeout: 10_000 });
    await screenshot(dilip, 'play-memory-flash');
    await flash.getByRole('button', { name: 'I Remember' }).click();
    await flash.waitFor({ state: 'detached' });
    expect(await dilip.evaluate((id) => localStorage.getItem(`memoryFlashShown_${id}_day2`), gameId)).toBe('true');

    await cora.reload();
    expect(pathOf(cora)).toBe(`/play/${gameId}/day/2`);
    await cora.getByRole('heading', { name: 'Your Story' }).waitFor();
    await cora.getByRole('heading', { name: 'July 15th, 1986' }).waitFor();
    await screenshot(cora, 'play-day-two-after-reload');

    // ---------- days three and four ----------
    await hostAdvance(host);
    for (const p of everyone) await p.waitForURL(`**/play/${gameId}/day/3**`);
    await bram.getByRole('heading', { name: 'Your Story' }).waitFor();
    await screenshot(bram, 'play-day-three');
    await hostAdvance(host);
    for (const p of everyone) await p.waitForURL(`**/play/${gameId}/day/4**`);
    await bram.getByRole('heading', { name: 'Final Locations' }).waitFor();
    await bram.getByRole('heading', { name: 'August 10th, 1986' }).waitFor();
    await bram.getByRole('button', { name: 'Day Four Truth' }).waitFor();
    await bram.getByRole('link', { name: /Back to July 20th, 1986/ }).waitFor();
    await bram.getByRole('link', { name: /Continue to Voting Phase/ }).waitFor();
    await screenshot(bram, 'play-day-four');
    // continuing early shows the vote as not open yet
    await bram.getByRole('link', { name: /Continue to Voting Phase/ }).click();
    await bram.getByTestId('vote-locked').waitFor();
    await screenshot(bram, 'play-vote-locked');

    // ---------- suspect vote ----------
    await hostAdvance(host);
    for (const p of [host, alice, cora, dilip, eve]) await p.waitForURL(`**/play/${gameId}/vote**`);
    for (const p of everyone) await p.getByRole('heading', { name: 'Suspect Voting Phase' }).waitFor();

    // the detective removes Cora's vote
    await alice.getByTestId('detective-authority').waitFor();
    await alice.getByRole('button', { name: `Remove Vote: ${charName('Cora')}` }).click();
    await alice.getByRole('alertdialog').getByRole('button', { name: 'Confirm Removal' }).click();
    await expectToast(alice, 'Voting rights removed', 'Player can no longer vote due to lying to the detective.');
    await cora.getByTestId('vote-lost-notice').waitFor();
    await cora.getByRole('link', { name: 'View Search Warrant Results' }).waitFor();
    await screenshot(cora, 'play-vote-lost');
    await alice.getByTestId('no-vote-tag').first().waitFor();
    await screenshot(alice, 'play-vote-detective');

    const box = (p: Page, who: string) => p.getByRole('checkbox', { name: new RegExp(`\\(${who}\\)$`) });
    const submit = (p: Page) => p.getByTestId('submit-suspects');
    // validation: submit with fewer than 3, then a fourth pick
    expect(await submit(bram).getAttribute('aria-disabled')).toBe('true');
    await box(bram, 'Cora').click();
    await bram.getByText('Select 2 more suspect(s)').waitFor();
    await submit(bram).click({ force: true }); // aria-disabled: still focusable and clickable, it explains why
    await expectToast(bram, 'Select 3 suspects', 'You must select exactly 3 suspects to proceed.');
    await box(bram, 'Dilip').click();
    await box(bram, 'Miss Lemon').click();
    await bram.getByText('Ready to submit your votes').waitFor();
    await bram.getByText('Selected 3/3').waitFor();
    await box(bram, 'Alice').click();
    await expectToast(bram, 'Maximum suspects reached', 'You can only select 3 suspects.');
    expect(await box(bram, 'Alice').getAttribute('aria-checked')).toBe('false');
    await screenshot(bram, 'play-suspect-vote');
    await expectAccessible(bram, { what: 'suspect voting' });

    // ballots: Cora gets 5 votes, Bram and Dilip 4, the host 2 → top 3: Cora, Bram, Dilip
    const ballots: [Page, string[]][] = [
      [host, ['Bram', 'Cora', 'Dilip']],
      [alice, ['Bram', 'Cora', 'Dilip']],
      [dilip, ['Bram', 'Cora', 'Miss Lemon']],
      [eve, ['Bram', 'Cora', 'Dilip']],
    ];
    for (const [p, picks] of ballots) for (const who of picks) await box(p, who).click();
    await submit(bram).click();
    await expectToast(bram, 'Suspects selected', 'Your votes have been recorded. Awaiting other players...');
    await bram.waitForURL(`**/play/${gameId}/outcome**`);
    await bram.getByRole('heading', { name: 'Waiting for All Votes' }).waitFor();
    await bram.getByText('1 of 5 votes submitted').waitFor();
    await screenshot(bram, 'play-outcome-waiting');
    // No polling: while Bram waits (the old client polled every 3 s) his phone makes no API request at all;
    // the reveal below reaches him as a push.
    const requestsWhileWaiting: string[] = [];
    const onRequest = (r: { url(): string }) => {
      if (r.url().includes('/api/')) requestsWhileWaiting.push(r.url());
    };
    bram.on('request', onRequest);
    await bram.waitForTimeout(7000);
    bram.off('request', onRequest);
    expect(requestsWhileWaiting).toEqual([]);
    for (const [p] of ballots) {
      await submit(p).click();
      await p.waitForURL(`**/play/${gameId}/outcome**`);
    }
    // Cora (no vote) stayed on the vote screen: the reveal push takes her to the outcome by itself
    await cora.waitForURL(`**/play/${gameId}/outcome**`);

    // ---------- outcome: revealed on the push, 2 s later ----------
    for (const p of everyone) await p.getByTestId('top-suspects').waitFor({ timeout: 15_000 });
    const top = await bram.getByTestId('top-suspect').allTextContents();
    expect(top).toHaveLength(3);
    for (const who of ['Cora', 'Bram', 'Dilip']) expect(top.some((t) => t.includes(`(${who})`))).toBe(true);
    expect(await bram.getByText('No Final Vote').count()).toBe(3);
    await bram.getByRole('heading', { name: 'Search Warrant Evidence' }).waitFor();
    expect(await bram.getByTestId('warrant').count()).toBe(3);
    await alice.getByTestId('detective-report').waitFor();
    expect(await alice.getByTestId('detective-total').textContent()).toBe('15');
    expect(await bram.getByTestId('detective-report').count()).toBe(0);
    await screenshot(bram, 'play-outcome-revealed');
    await screenshot(alice, 'play-outcome-detective-report');
    await alice.getByRole('link', { name: 'Vote for the Killer' }).waitFor();
    await bram.getByRole('link', { name: 'Witness Final Accusations' }).waitFor();

    // ---------- final vote: defence with the server-synced clock ----------
    await hostAdvance(host);
    for (const p of everyone) await p.waitForURL(`**/play/${gameId}/final-vote**`);
    for (const p of everyone) await p.getByText('Suspect Defense Phase - 2 Minutes Each').waitFor();
    // nobody can skip the defences
    for (const p of everyone) expect(await p.getByRole('button', { name: 'Begin Defense Statements' }).count()).toBe(0);
    await host.getByTestId('defence-controls').getByRole('button', { name: `Start defence: ${charName('Bram')}` }).click();
    await bram.getByTestId('youre-on').waitFor();
    for (const p of everyone.filter((x) => x !== bram)) {
      await p.getByTestId('defence-timer').waitFor();
      expect(await p.getByTestId('defence-clock').textContent()).toMatch(/^(2:00|1:[0-5]\d)$/);
      expect(await p.getByTestId('defences-heard').isDisabled()).toBe(true);
    }
    await screenshot(cora, 'play-final-defence');
    // the host ends the defence early; then each phone goes on to its ballot
    await host.getByTestId('defence-controls').getByRole('button', { name: 'End now' }).click();
    for (const p of everyone) {
      await p.getByTestId('defences-heard').and(p.locator(':not([disabled])')).waitFor();
      await p.getByTestId('defences-heard').click();
    }

    // the voters: no choice first, then the killer
    await alice.getByTestId('final-warning').waitFor();
    expect(await alice.getByText('This is your final decision... you cannot change your vote once submitted.').isVisible()).toBe(true);
    expect(await alice.getByTestId('eligible-voters').textContent()).toBe('3');
    await alice.getByTestId('cast-final-vote').click({ force: true });
    await expectToast(alice, 'No Selection', 'Please select who you believe is the killer.');
    await screenshot(alice, 'play-final-voting');
    await expectAccessible(alice, { what: 'final vote' });

    // the non-voters
    await bram.getByText('You Are a Top Suspect').waitFor();
    await screenshot(bram, 'play-final-top-suspect');
    await bram.getByRole('button', { name: 'Join Waiting Lobby' }).click();
    await cora.getByRole('button', { name: 'See Final Results' }).click();
    await dilip.getByRole('button', { name: 'See Final Results' }).click();

    const radio = (p: Page, who: string) => p.getByRole('radio', { name: new RegExp(`\\(${who}\\)`) });
    await radio(alice, 'Bram').check();
    await alice.getByTestId('cast-final-vote').click();
    await alice.getByRole('heading', { name: 'Waiting for Final Vote' }).waitFor();
    await alice.getByText('1 / 3 votes submitted').waitFor();
    await screenshot(alice, 'play-final-waiting');
    await radio(eve, 'Bram').check();
    await eve.getByTestId('cast-final-vote').click();
    await radio(host, 'Bram').check();
    await host.getByTestId('cast-final-vote').click();

    // ---------- results: every phone, by itself ----------
    // The shared reveal: the host skips to the end, and every phone follows.
    await host.getByTestId('reveal-all').click({ timeout: 15_000 });
    for (const p of everyone) {
      await p.getByRole('heading', { name: 'The Seekers Have Won!' }).waitFor({ timeout: 15_000 });
      await p.getByTestId('killer-reveal').waitFor();
      await p.getByTestId('tallies').waitFor();
      await p.getByRole('heading', { name: 'Game Complete' }).waitFor();
    }
    await bram.getByTestId('tallies').getByText('Every ballot').click();
    await bram.getByTestId('voting-breakdown').waitFor();
    await bram.getByRole('table').filter({ hasText: 'Accused Killer' }).waitFor();
    await screenshot(bram, 'play-final-results');
    await bram.getByTestId('voting-breakdown').scrollIntoViewIfNeeded();
    await screenshot(bram, 'play-final-breakdown');

    // report request validation
    await dilip.getByRole('button', { name: 'Request Game Report' }).click();
    const dialog = dilip.getByRole('dialog');
    await dialog.getByRole('textbox').fill('not-an-email');
    await dialog.getByRole('button', { name: /Request|Send/ }).last().click();
    await expectToast(dilip, 'Invalid Email', 'Please enter a valid email address.');
    await dilip.keyboard.press('Escape');

    // ---------- the results page: the same verdict for everyone ----------
    const verdicts: string[] = [];
    for (const p of everyone) {
      await p.goto(`/games/${gameId}/results`);
      await p.getByRole('heading', { name: 'Game Results' }).waitFor();
      await p.getByTestId('killer-correct').waitFor();
      verdicts.push(
        [await p.getByTestId('killer-correct').textContent(), await p.getByTestId('verdict').getAttribute('data-winner'), await p.getByTestId('accused-vs-killer').textContent()].join('|'),
      );
    }
    expect(new Set(verdicts).size).toBe(1);
    expect(verdicts[0]).toContain('CORRECT');
    expect(verdicts[0]).toContain('seekers');
    expect(verdicts[0]).toContain(charName('Bram'));
    await host.getByRole('link', { name: 'Back to Dashboard' }).waitFor();
    await screenshot(bram, 'play-game-results');
    await expectAccessible(bram, { what: 'results' });
  }, 600_000);

  it('demo pages render with local data', async () => {
    const ctx = await phone();
    const page = await ctx.newPage();
    await page.goto('/evidence-demo');
    await page.getByTestId('top-suspects').waitFor();
    await page.getByText('No physical evidence found during property search').waitFor();
    await screenshot(page, 'demo-evidence');
    await page.getByRole('link', { name: 'Vote for the Killer' }).click();
    await page.waitForURL('**/final-vote-demo**');
    await page.getByRole('button', { name: 'Begin Defense Statements' }).click();
    await page.getByRole('button', { name: 'Cast Final Vote' }).click({ force: true });
    await expectToast(page, 'No Selection');
    await page.getByRole('radio').nth(1).check();
    await page.getByRole('button', { name: 'Cast Final Vote' }).click({ force: true });
    await page.getByRole('heading', { name: /Have Won!/ }).waitFor({ timeout: 5000 });
    await screenshot(page, 'demo-final-vote');
    await page.goto('/test-voting-results');
    await page.getByTestId('top-suspects').waitFor();
    await expectAccessible(page, { what: 'test voting results' });
  });
});
