// Limits per account as well as per address: a signed-in caller who spreads requests over many
// addresses (a botnet, a carrier's changing addresses) still gets one person's allowance. Every API
// request with a valid token counts towards ACCOUNT_RATE_LIMIT a minute, and the writes among them
// towards ACCOUNT_WRITE_LIMIT as well: writes make work for other people (a moderator's queue, a
// ratee's notifications). Counted where the per-address limit is (Redis, else the server's memory
// shared by its workers, ADR 0021), once the token's session is known to be live (plugins/session.ts):
// a stolen token stops spending the account's allowance when its session is ended. In memory a worker
// counts loosely (lib/counters.ts, takeLoosely): most accounts make a few requests a minute, and asking
// the primary for each account's first cost the long-tail reads about 4.5 % of the server's CPU.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tooManyRequests } from '../lib/errors.ts';
import type { LooseCounting } from '../lib/rate-limit-store.ts';

const WINDOW = '1 minute';
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Counts a request of `userId`'s; throws 429 with Retry-After past either limit. */
export type AccountLimit = (request: FastifyRequest, userId: number) => Promise<void>;

/** Needs @fastify/rate-limit registered on `app` (its store and `createRateLimit`). */
export function accountLimit(
  app: FastifyInstance,
  limits: { requests: number; writes: number },
): AccountLimit {
  // The limiter's key is the account, which the plugin reads from the request.
  const accountOf = new WeakMap<FastifyRequest, number>();
  const limiter = (scope: string, max: number) => {
    const options: Parameters<typeof app.createRateLimit>[0] & LooseCounting = {
      max,
      timeWindow: WINDOW,
      keyGenerator: (request) => `${scope}:${accountOf.get(request)}`,
      countLoosely: true,
    };
    return app.createRateLimit(options);
  };
  const requests = limiter('account', limits.requests);
  const writes = limiter('account-writes', limits.writes);
  return async (request, userId) => {
    accountOf.set(request, userId);
    // Both at once: a cluster worker's questions to the primary in one turn go as one message.
    const limits = WRITES.has(request.method) ? [requests, writes] : [requests];
    for (const counted of await Promise.all(limits.map((limit) => limit(request)))) {
      if (!counted.isAllowed && counted.isExceeded) {
        throw tooManyRequests(counted.ttlInSeconds);
      }
    }
  };
}
