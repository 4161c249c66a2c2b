import path from 'node:path';
import { invocationDir } from '../env.js';

/** A content command's line: one positional argument (the storyline or slug) and `--name value` flags. */
export interface CliArgs {
  /** The first argument that is neither a flag nor a flag's value. */
  positional: string | undefined;
  flag(name: string): string | undefined;
  /** A whole-number flag; any other value is refused. */
  num(name: string): number | undefined;
  /**
   * A path flag, resolved against the directory the author ran pnpm in (a `pnpm --filter` script runs inside
   * apps/realtime, where a relative path would point elsewhere).
   */
  pathFlag(name: string): string | undefined;
  /** `--case`, `--players`, `--dir`: which table of a storyline (its case and player count), from which content folder. */
  tableOptions(): TableOptions;
}

export interface TableOptions {
  case?: string;
  players?: number;
  dir?: string;
}

/** Reads a content command's arguments; a lone `--` (pnpm passes it through) is dropped. `refuse` makes the usage error. */
export function cliArgs(argv: readonly string[], refuse: (message: string) => Error): CliArgs {
  const args = argv.filter((a) => a !== '--');
  const flag = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const num = (name: string) => {
    const v = flag(name);
    if (v === undefined) return undefined;
    if (!/^\d+$/.test(v)) throw refuse(`--${name} must be a number`);
    return Number(v);
  };
  const pathFlag = (name: string) => {
    const v = flag(name);
    return v ? path.resolve(invocationDir(), v) : undefined;
  };
  return {
    positional: args.find((a, i) => !a.startsWith('--') && (i === 0 || !args[i - 1]!.startsWith('--'))),
    flag,
    num,
    pathFlag,
    tableOptions() {
      const [caseId, players, dir] = [flag('case'), num('players'), pathFlag('dir')];
      return { ...(caseId === undefined ? {} : { case: caseId }), ...(players === undefined ? {} : { players }), ...(dir === undefined ? {} : { dir }) };
    },
  };
}

/**
 * Runs a content command: its own refusal (an instance of `refusal`: bad arguments or content) prints the message
 * and exits 2; anything else is a bug and is thrown.
 */
export async function runCli(refusal: abstract new (...args: never[]) => Error, main: () => unknown): Promise<void> {
  try {
    await main();
  } catch (e) {
    if (!(e instanceof refusal)) throw e;
    console.error(e.message);
    process.exit(2);
  }
}
