import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export class DataDirLockedError extends Error {}

interface LockInfo {
  pid: number;
  host: string;
  startedAt: string;
  /** When the owning process started (ms): a container restart reuses pid 1, so the pid alone is not enough. */
  processStart?: number;
}

const processStart = Math.round(Date.now() - process.uptime() * 1000);

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(file: string): LockInfo | null {
  try {
    const v = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockInfo>;
    if (typeof v.pid !== 'number') return null;
    return { pid: v.pid, host: String(v.host ?? ''), startedAt: String(v.startedAt ?? ''), processStart: Number(v.processStart ?? 0) };
  } catch {
    return null;
  }
}

/**
 * The embedded database is one process's: a second server on the same data directory would open it too and one of
 * them would lose its writes. The lock file holds the owner's pid; a lock whose process is gone (kill -9, crash)
 * on this host is stale and taken over. Returns the release function.
 */
export function lockDataDir(dir: string): () => void {
  const file = path.join(dir, 'server.lock');
  const me: LockInfo = { pid: process.pid, host: os.hostname(), startedAt: new Date().toISOString(), processStart };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, JSON.stringify(me), { flag: 'wx', mode: 0o600 });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        if (readLock(file)?.pid === me.pid) rmSync(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const owner = readLock(file);
    const earlierLife = owner?.pid === me.pid && Math.abs((owner.processStart ?? 0) - processStart) > 1000;
    const stale = !owner || (owner.host === me.host && (earlierLife || !alive(owner.pid)));
    if (!stale) {
      throw new DataDirLockedError(
        `Another server (pid ${owner.pid} on ${owner.host}, since ${owner.startedAt}) is using the data directory ${dir}. ` +
          'The embedded database allows one process: stop that server first, or give this one another DATA_DIR (or a DATABASE_URL).',
      );
    }
    rmSync(file, { force: true });
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dir}: another server is starting on it.`);
}
