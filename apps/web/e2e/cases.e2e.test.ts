/**
 * Cases (issue 25): a storyline with two cases (the test fixture, one cast and two killers). Its page says how many
 * cases it has; the host creates a game with "Surprise me" (the default: no case is sent, the server deals one) or
 * picks a case by number, and the list names no case the host has not finished.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { browserSuite, repoRoot, signUpHost, uniqueEmail } from './harness';

const hostEmail = uniqueEmail('cases-host');
const suite = browserSuite({
  adminEmails: [hostEmail],
  env: { CONTENT_DIR: path.join(repoRoot, 'apps/realtime/test/fixtures/content') },
});

/** The body of the next POST /api/games the page sends. */
function nextCreate(page: Page): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    const onRequest = (r: Request) => {
      if (r.method() !== 'POST' || new URL(r.url()).pathname !== '/api/games') return;
      page.off('request', onRequest);
      resolve(JSON.parse(r.postData() ?? '{}') as Record<string, unknown>);
    };
    page.on('request', onRequest);
  });
}

describe('cases: one cast, several solutions (issue 25)', () => {
  let host: Page;

  it('the storyline page says how many cases the storyline has', async () => {
    host = await (await suite.phone()).newPage();
    await signUpHost(host, 'Miss Marple', hostEmail);
    await host.goto('/storyline/fixture-manor');
    expect((await host.getByTestId('case-count').innerText()).trim()).toBe('2 cases: the same cast, a different solution');
  });

  it('creates a game with "Surprise me" by default, and with the case the host picks by number', async () => {
    await host.goto('/dashboard');
    await host.getByRole('tab', { name: /My Games/ }).click();
    const choice = host.getByTestId('case-choice').first();
    await choice.waitFor();
    // Nothing finished yet: no case is named, only numbered.
    await choice.getByRole('combobox').click();
    const options = await host.getByRole('option').allInnerTexts();
    expect(options.map((o) => o.trim())).toEqual(['Surprise me (a case you have not played yet)', 'Case 1', 'Case 2']);
    await host.keyboard.press('Escape');
    expect((await host.getByTestId('cases-played').first().innerText()).trim()).toBe('You have not finished a case of this storyline yet.');

    const surprise = nextCreate(host);
    await host.getByRole('button', { name: 'Create Game' }).first().click();
    expect(await surprise).toEqual({ storylineId: 'fixture-manor', isTestingMode: false });
    await host.waitForURL('**/host/*/lobby**');

    await host.goto('/dashboard');
    await host.getByRole('tab', { name: /My Games/ }).click();
    await host.getByTestId('case-choice').first().getByRole('combobox').click();
    await host.getByRole('option', { name: 'Case 2' }).click();
    const picked = nextCreate(host);
    await host.getByRole('button', { name: 'Create Game' }).first().click();
    expect(await picked).toEqual({ storylineId: 'fixture-manor', isTestingMode: false, caseNumber: 2 });
    await host.waitForURL('**/host/*/lobby**');
  });
});
