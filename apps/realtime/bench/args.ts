import { parseArgs, type ParseArgsConfig } from 'node:util';

/**
 * A bench's command-line options, as `parseArgs` reads them. `pnpm bench -- --games 5` passes a literal `--`; it
 * is dropped here.
 */
export function benchArgs<const O extends NonNullable<ParseArgsConfig['options']>>(options: O) {
  return parseArgs({ args: process.argv.slice(2).filter((a) => a !== '--'), options }).values;
}
