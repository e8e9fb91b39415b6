// What a log may say of an error: its class, SQLSTATE (or system error code) and constraint, from
// the error and its causes. Never the message: a failed statement's message carries its SQL and bound
// values (emails, password hashes, a rater's id beside an anonymous rating, codes, a mail's body).
export function loggableError(error: unknown) {
  const chain: { class: string; code?: string; constraint?: string }[] = [];
  let e = error as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    chain.push({
      class: e.constructor?.name ?? 'Object',
      ...(typeof e.code === 'string' && { code: e.code }),
      ...(typeof e.constraint === 'string' && { constraint: e.constraint }),
    });
    e = e.cause as typeof e;
  }
  return chain;
}
