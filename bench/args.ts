// The bench scripts' command lines: a bad option or value stops the script with one line saying
// what is wrong (exit 2), not a stack trace.
import { type ParseArgsConfig, parseArgs } from 'node:util';

function refuse(message: string): never {
  console.error(message);
  process.exit(2);
}

/** `parseArgs` with strict checking; an unknown option or a missing value is refused in one line. */
export function parseOptions<O extends NonNullable<ParseArgsConfig['options']>>(options: O) {
  try {
    return parseArgs({ options, strict: true }).values;
  } catch (error) {
    return refuse(error instanceof Error ? error.message : String(error));
  }
}

/** A whole number of at least `min` given as --name, or the script stops saying so. */
export function wholeNumber(name: string, value: string | undefined, min = 1): number {
  const n = Number(value);
  if (value === undefined || !/^\d+$/.test(value.trim()) || n < min) {
    refuse(`--${name} takes a whole number of at least ${min} (got "${value ?? ''}")`);
  }
  return n;
}
