/**
 * Issue 28: on a phone, the host's advance into the suspect vote took seconds longer to show than a day advance.
 * The suspect vote's screen is the first page chunk no earlier phase used (with its own icons, checkbox and voting
 * client: nine scripts then), so a phone fetched that code only when the host moved everyone there, while a day advance
 * reuses the day screen's code. Now each phase's screen fetches the next one's code while it is read: on a slow
 * phone (4x CPU, 400-ms round trips, 400 kbit/s) the vote's code arrives during Day Four, and the advance into the
 * vote waits for no code of its own (both timings are printed).
 */
import { describe, expect, it } from 'vitest';
import { phaseRoute, phaseTable } from '@ss/protocol';
import { browserSuite, uniqueEmail } from './harness';
import { apiCall, loadPublishedStoryline } from './play-helpers';

const hostEmail = uniqueEmail('advance-host');
const suite = browserSuite({ adminEmails: [hostEmail] });

describe('the advance into the suspect vote on a slow phone (issue 28)', () => {
  it("fetches the vote screen's code during Day Four, not when the host moves everyone to the vote", async () => {
    const url = suite.server.url;
    const signup = await fetch(`${url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ displayName: 'Slow Host', email: hostEmail, password: 'Lamplight#1986' }),
    });
    const { token: hostToken } = (await signup.json()) as { token: string };
    const game = await apiCall<{ id: string; joinCode: string }>(url, hostToken, 'POST', '/api/games', {
      storylineId: loadPublishedStoryline().storylineId,
    });
    const seats: { token: string; playerId: string; name: string }[] = [];
    for (const name of ['Ada', 'Bea', 'Cy', 'Di', 'Ed']) {
      const res = await fetch(`${url}/api/games/${game.joinCode}/join`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ displayName: name }),
      });
      seats.push({ ...((await res.json()) as { token: string; playerId: string }), name });
    }
    const patch = (body: Record<string, unknown>) =>
      apiCall(url, hostToken, 'PATCH', `/api/games/${game.id}`, { ...body, commandId: crypto.randomUUID() });
    await apiCall(url, hostToken, 'POST', `/api/games/${game.id}/deal`, {});
    await patch({ action: 'start' });
    const phases = phaseTable(loadPublishedStoryline().days.length);
    const lastDay = phases.suspectVote - 1;
    await patch({ action: 'set-phase', phase: lastDay - 1 });

    const ctx = await suite.phone({ viewport: { width: 360, height: 740 } });
    const me = seats[0]!;
    await ctx.addInitScript(
      ({ token, gameId, playerId, name }) => {
        localStorage.setItem('token', token);
        localStorage.setItem('role', 'player');
        localStorage.setItem('gameId', gameId);
        localStorage.setItem('playerId', playerId);
        localStorage.setItem('user', JSON.stringify({ id: playerId, displayName: name }));
      },
      { token: me.token, gameId: game.id, playerId: me.playerId, name: me.name },
    );
    const page = await ctx.newPage();
    await page.goto(phaseRoute(phases, game.id, lastDay - 1));
    await page.getByTestId('day-banner').waitFor();

    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 400,
      downloadThroughput: 50 * 1024,
      uploadThroughput: 50 * 1024,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const scripts: { path: string; at: number }[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push({ path: new URL(r.url()).pathname, at: Date.now() });
    });

    /** The host advances; when it did, and how long until this phone shows the new phase. */
    async function advance(
      from: number,
      shown: () => ReturnType<typeof page.getByText>,
    ): Promise<{ at: number; ms: number }> {
      await page.waitForTimeout(4000); // the phone has settled on its screen (and fetched what it fetches meanwhile)
      const at = Date.now();
      await patch({ action: 'advance', fromPhase: from });
      await shown().first().waitFor({ timeout: 30_000 });
      return { at, ms: Date.now() - at };
    }

    const day = await advance(lastDay - 1, () =>
      page
        .getByTestId('day-banner')
        .getByText(new RegExp(`Day ${['One', 'Two', 'Three', 'Four', 'Five', 'Six'][lastDay - 1]}`)),
    );
    const vote = await advance(lastDay, () => page.getByRole('heading', { name: 'Suspect Voting Phase' }));
    const voteScreen = scripts.filter((s) => /\/(VotePage|SuspectVotingView)-/.test(s.path));
    const during = (from: number, to: number) =>
      scripts.filter((s) => s.at >= from && s.at <= to).map((s) => s.path);
    console.log(
      `slow phone: day advance ${day.ms} ms (scripts on the way: ${during(day.at, day.at + day.ms).join(' ') || 'none'}), ` +
        `suspect-vote advance ${vote.ms} ms (scripts on the way: ${during(vote.at, vote.at + vote.ms).join(' ') || 'none'})`,
    );
    expect(voteScreen.length, "the vote screen's code is fetched").toBeGreaterThan(0);
    expect(
      voteScreen.filter((s) => s.at < day.at),
      'not before Day Four',
    ).toEqual([]);
    expect(
      voteScreen.filter((s) => s.at >= vote.at),
      'nor when the host moved everyone to the vote',
    ).toEqual([]);
  });
});
