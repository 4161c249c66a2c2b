/** Small helpers of the full-game browser journey (issue 8). */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { repoRoot, screenshot } from './harness';

export interface StorylineRoles {
  storylineId: string;
  castOrder: string[];
  minPlayers: number;
  /** Dealt at every table size: a game starts only with all of them assigned. */
  essentialCharacterIds: string[];
  roles: { killerCharacterId: string; detectiveCharacterId: string; pressConferenceCharacterId: string; memoryFlashCharacterIds: string[] };
  names: Record<string, string>;
  days: { day: number; date: string }[];
}

/** Roles are data: read them from the real content the server loads (never hard-coded ids). */
export function loadPublishedStoryline(): StorylineRoles {
  const root = path.join(repoRoot, 'apps/realtime/content');
  for (const dir of readdirSync(root)) {
    const file = path.join(root, dir, 'storyline.json');
    if (!existsSync(file)) continue;
    const s = JSON.parse(readFileSync(file, 'utf8')) as {
      id: string;
      status: string;
      minPlayers: number;
      castOrder: string[];
      essentialCharacterIds?: string[];
      roles?: StorylineRoles['roles'];
      characters?: { id: string; name: string }[];
      days?: { day: number; date: string }[];
    };
    // A storyline in the single-case form (its killer named in storyline.json): the journeys below assign the
    // killer by hand, which a storyline of several cases (killer chosen per game) cannot promise.
    if (s.status !== 'published' || !s.roles?.killerCharacterId) continue;
    const names: Record<string, string> = {};
    const charDir = path.join(root, dir, 'characters');
    for (const f of existsSync(charDir) ? readdirSync(charDir) : []) {
      const c = JSON.parse(readFileSync(path.join(charDir, f), 'utf8')) as { id: string; name: string };
      names[c.id] = c.name;
    }
    for (const c of s.characters ?? []) names[c.id] = c.name;
    return {
      storylineId: s.id,
      castOrder: s.castOrder,
      minPlayers: s.minPlayers,
      essentialCharacterIds: s.essentialCharacterIds ?? s.castOrder.slice(0, s.minPlayers),
      roles: s.roles,
      names,
      days: s.days ?? [],
    };
  }
  throw new Error('no published storyline with roles in apps/realtime/content');
}

/** A REST call with the given bearer token, from the test process. */
export async function apiCall<T>(baseURL: string, token: string, method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(new URL(url, baseURL), {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} -> ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * Join through the /join screen; ends on the player's lobby, with the one-time seat-PIN sheet closed ("Got it")
 * unless `keepPinSheet`.
 */
export async function joinThroughUi(ctx: BrowserContext, joinCode: string, displayName: string, opts: { keepPinSheet?: boolean } = {}): Promise<Page> {
  const page = await ctx.newPage();
  await page.goto('/join');
  await page.getByLabel('Display name').fill(displayName);
  await page.getByLabel('Room code').fill(joinCode);
  await page.getByRole('button', { name: 'Join Game' }).click();
  await page.waitForURL('**/play/*/lobby**');
  if (!opts.keepPinSheet) await closePinSheet(page);
  return page;
}

/** Every name joins through the /join screen on a phone of its own (a separate person), in order. */
export async function joinAll(newPhone: () => Promise<BrowserContext>, joinCode: string, names: readonly string[]): Promise<Page[]> {
  const players: Page[] = [];
  for (const n of names) players.push(await joinThroughUi(await newPhone(), joinCode, n));
  return players;
}

/** The host deals the characters at random and starts the game, through the API. */
export async function dealAndStart(baseURL: string, token: string, gameId: string): Promise<void> {
  await apiCall(baseURL, token, 'POST', `/api/games/${gameId}/deal`, {});
  await apiCall(baseURL, token, 'PATCH', `/api/games/${gameId}`, { action: 'start' });
}

/** Closes the seat-PIN sheet a join (or a seat move) shows once. */
export async function closePinSheet(page: Page): Promise<void> {
  await page.getByTestId('pin-notice').waitFor();
  await page.getByRole('button', { name: 'Got it' }).click();
  await page.getByTestId('pin-notice').waitFor({ state: 'detached' });
}

/** Waits until a toast with this title is on screen (Radix renders toasts in a labelled region). */
export async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  // A CSS locator: while a modal dialog is open, Radix hides the rest of the page (the toast region too) from the
  // accessibility tree, so a role query would not find a toast raised from inside a dialog.
  const t = page.locator('[role="region"] li').filter({ hasText: title });
  await t.first().waitFor({ state: 'visible' });
  if (description) await t.filter({ hasText: description }).first().waitFor({ state: 'visible' });
}

/** The host moves everyone on from the in-game host bar (with its confirmation). */
export async function hostAdvance(host: Page): Promise<void> {
  try {
    await host.getByTestId('host-advance').waitFor();
  } catch (err) {
    await screenshot(host, 'failure-host-advance');
    throw new Error(`host bar missing on ${host.url()}: ${String(err)}`);
  }
  await host.getByTestId('host-advance').click();
  await host.getByRole('alertdialog').getByRole('button', { name: 'Advance' }).click();
  await host.getByRole('alertdialog').waitFor({ state: 'detached' });
}

export const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Screenshots of an issue's screens, kept with its documentation (docs/screenshots/issue-N/<name>.png). */
export function issueShots(issue: number): (page: Page, name: string) => Promise<void> {
  const dir = path.join(repoRoot, 'docs', 'screenshots', `issue-${issue}`);
  return async (page, name) => {
    const file = await screenshot(page, `issue${issue}-${name}`);
    mkdirSync(dir, { recursive: true });
    copyFileSync(file, path.join(dir, `${name}.png`));
  };
}

/** The seat token a player's phone keeps (per game), else the phone's own token. */
export const playerToken = async (page: Page): Promise<string> =>
  (await page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i)!;
      if (k.startsWith('player_') && k.endsWith('token')) return localStorage.getItem(k);
    }
    return localStorage.getItem('token');
  })) as string;
