// Sign-in's guard (DESIGN §6, §9.1): the counters, limits and growing delay every request that
// proves an account with its email and password goes through (sign-in, and deleting an account
// without a token, modules/privacy), so that neither is a way to guess passwords.
import { normalizeIP } from '@fastify/rate-limit';
import { MSG } from '@workspace/contracts';
import type { AppDeps } from '../../app-deps.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { HttpError, unauthorized } from '../../lib/errors.ts';
import { burnVerifyTime, verifyPassword } from '../../lib/passwords.ts';
import { findUserByEmail } from '../users/repository.ts';

/** Failed sign-ins are counted per account and IP over this window (DESIGN §2). */
const LOGIN_WINDOW_SECONDS = 15 * 60;
/** ...and per account, from any address, over this one (LOGIN_ACCOUNT_LIMIT). */
const ACCOUNT_FAILURES_WINDOW_SECONDS = 24 * 3600;
/** The longest wait between attempts for one account: a guesser with many addresses gets about 100 a day. */
export const ACCOUNT_DELAY_MAX_SECONDS = 15 * 60;
/** An address an account signed in from stays known, and is not made to wait, for this long. */
const KNOWN_ADDRESS_SECONDS = 30 * 86400;

/**
 * Seconds an account's next attempt waits after its `failures`-th failed sign-in: none within the
 * limit, then 1, 2, 4 … up to ACCOUNT_DELAY_MAX_SECONDS. A delay rather than a lock, so a stranger
 * cannot shut the owner out: it is bounded, it never applies from an address the account signed in
 * from before, and a password reset or a sign-in ends it.
 */
export function accountDelaySeconds(failures: number, limit: number): number {
  if (failures < limit) return 0;
  return Math.min(2 ** (failures - limit), ACCOUNT_DELAY_MAX_SECONDS);
}

/** The address a client is counted by: IPv6 by its /64 (one subscriber's), as the per-address limit does. */
const clientAddress = (ip: string) => normalizeIP(ip);

/** Keys of the sign-in counters of one account (the email, normalised by the schema). */
const loginKeys = (email: string, address: string) => ({
  /** Failed sign-ins of the account from this address (LOGIN_RATE_LIMIT). */
  pair: `login:${email}:${address}`,
  /** Failed sign-ins of the account from any address (LOGIN_ACCOUNT_LIMIT). */
  failures: `login-failures:${email}`,
  /** Held while the account's next attempt must wait. */
  wait: `login-wait:${email}`,
  /** Set while this address is one the account signed in from. */
  known: `login-known:${email}:${address}`,
});

const tooManyLogins = () =>
  new HttpError(429, MSG.tooManyLogins, undefined, { 'retry-after': String(LOGIN_WINDOW_SECONDS) });
const loginDelayed = (seconds: number) =>
  new HttpError(429, MSG.loginDelayed, undefined, { 'retry-after': String(seconds) });

/**
 * Sign-in's guard (DESIGN §6, §9.1), for every request that proves an account with its email and
 * password: sign-in, and deleting an account without a token. Failures are counted per account and
 * address (IPv6 by /64) and per account from any address, with the same limits and growing delay,
 * and every refusal is the same. `admits` says which accounts the request is for: one it does not
 * admit is refused exactly as a wrong password is, counted as one, so the answer never tells whether
 * the password matched (a suspended account at sign-in; a moderator, who cannot be deleted, there).
 */
export function createSignInGuard({ db, counters, env }: Pick<AppDeps, 'db' | 'counters' | 'env'>) {
  return {
    /** Forgets an account's failed sign-ins from all addresses: the owner proved who they are (a reset). */
    async forget(email: string): Promise<void> {
      const keys = loginKeys(email, '');
      await Promise.all([counters.reset(keys.failures), counters.reset(keys.wait)]);
    },
    async check(
      email: string,
      password: string,
      ip: string,
      admits: (user: UserRow) => boolean,
      refusal: () => HttpError = () => unauthorized(MSG.badCredentials),
    ): Promise<UserRow> {
      const keys = loginKeys(email, clientAddress(ip));
      // Counted before the check, atomically, so parallel guesses cannot slip past the limit.
      if ((await counters.hit(keys.pair, LOGIN_WINDOW_SECONDS)) > env.LOGIN_RATE_LIMIT) throw tooManyLogins();
      // Guesses from many addresses: past LOGIN_ACCOUNT_LIMIT failures the account's attempts wait
      // a growing time, one at a time (claim is atomic), except from an address it signed in from.
      const failures = await counters.get(keys.failures);
      if (failures >= env.LOGIN_ACCOUNT_LIMIT && (await counters.get(keys.known)) === 0) {
        const wait = await counters.claim(keys.wait, accountDelaySeconds(failures, env.LOGIN_ACCOUNT_LIMIT));
        if (wait > 0) throw loginDelayed(wait);
      }
      const user = await findUserByEmail(db, email);
      let passwordOk = false;
      if (user) passwordOk = await verifyPassword(user.passwordHash, password);
      else await burnVerifyTime(password);
      if (!user || !passwordOk || !admits(user)) {
        const failed = await counters.hit(keys.failures, ACCOUNT_FAILURES_WINDOW_SECONDS);
        const delay = accountDelaySeconds(failed, env.LOGIN_ACCOUNT_LIMIT);
        if (delay > 0) {
          // The wait starts now, replacing the claim this attempt may hold.
          await counters.reset(keys.wait);
          await counters.claim(keys.wait, delay);
        }
        throw refusal();
      }
      // The owner proved who they are: their failed attempts from every address are forgotten.
      await Promise.all([
        counters.reset(keys.pair),
        counters.reset(keys.failures),
        counters.reset(keys.wait),
      ]);
      await counters.hit(keys.known, KNOWN_ADDRESS_SECONDS);
      return user;
    },
  };
}
