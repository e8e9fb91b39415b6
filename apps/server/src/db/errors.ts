// Recognises constraint violations on both drivers: Drizzle wraps the driver's error (node-postgres'
// or PGlite's), and that one carries the SQLSTATE code and the constraint's name.

type PgErrorLike = { code?: unknown; constraint?: unknown; cause?: unknown };

/** True for a unique violation (SQLSTATE 23505), optionally of the named constraint only. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  let e = error as PgErrorLike | undefined;
  for (let depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    if (e.code === '23505') return constraint === undefined || e.constraint === constraint;
    e = e.cause as PgErrorLike | undefined;
  }
  return false;
}
