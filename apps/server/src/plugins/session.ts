// Who is calling: verifies the bearer access token once per request and loads the caller's role
// and status, so a suspended user's tokens stop working at once (DESIGN §6).
import { MSG, type UserRole } from '@workspace/contracts';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { preparedStatements } from '../db/prepared.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';
import { TokenError } from '../lib/tokens.ts';
import type { AccountLimit } from './account-limit.ts';
import { type SessionCheckReads, sessionChecker } from './session-check.ts';

export interface Session {
  userId: number;
  role: UserRole;
  fullName: string;
  /** The refresh family this access token belongs to. */
  sessionId: string;
  /** The caller's own view version (drizzle/0007): keys the caller's cached own pages. */
  viewVersion: number;
  /** With `sessionReads.shownUser`: the user the route shows, read with the session. */
  shown?: ShownUser;
  /** With `sessionReads.givenCount`: how many ratings the caller has given. */
  givenCount?: number;
  /** With `sessionReads.directory`: the directory lists' version (drizzle/0008)... */
  directoryVersion?: number;
  /** ...and which of the users it named the caller has rated. */
  ratedAmong?: ReadonlySet<number>;
}

interface ShownUser {
  id: number;
  /** Null when the user has no public profile (unknown, suspended or a moderator). */
  viewVersion: number | null;
  /** Whether the caller has rated this user, in any context and status. */
  callerRated: boolean;
  /** The day the caller may rate this user again after withdrawing a rating under moderation; else null. */
  rateAgainOn: string | null;
}

/**
 * What a route reads together with the caller's session, in the same statement: a cached answer
 * is then checked for freshness without a round trip of its own (lib/view-cache.ts, ADR 0007).
 */
interface SessionReads {
  /** The id of the user the route shows, from its raw path parameters (validated: a database id); null when not an id. */
  shownUser?: (params: unknown) => number | null;
  givenCount?: boolean;
  /** The ids of the users on a cached list page (none when there is none): see `ratedAmong`. */
  directory?: (request: FastifyRequest) => readonly number[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** What the session check reads of other modules' tables, given by the app (registerSession). */
    sessionCheckReads: SessionCheckReads;
    /** Counts the request against its account's limits (plugins/account-limit.ts). */
    accountLimit: AccountLimit;
  }
  interface FastifyRequest {
    session: Session | null;
  }
  interface FastifyContextConfig {
    sessionReads?: SessionReads;
  }
}

// One batching checker per database (plugins/session-check.ts).
const checkerFor = preparedStatements((db, _name, reads: SessionCheckReads) => sessionChecker(db, reads));

/** Reads and checks the caller's token; `null` when no Authorization header was sent. */
async function readSession(app: FastifyInstance, request: FastifyRequest): Promise<Session | null> {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !token) throw unauthorized();
  let claims: Awaited<ReturnType<typeof app.deps.tokens.verifyAccess>>;
  try {
    claims = await app.deps.tokens.verifyAccess(token);
  } catch (error) {
    if (error instanceof TokenError) throw unauthorized();
    throw error;
  }
  const reads = request.routeOptions.config.sessionReads;
  const shownId = reads?.shownUser?.(request.params) ?? null;
  const shown = shownId !== null;
  const given = reads?.givenCount === true;
  const listedIds = reads?.directory?.(request);
  const listed = listedIds !== undefined;
  // The user and the token's session by primary keys, on every request: a suspension, a sign-out or
  // a password change ends the access tokens already issued at once, not when they expire.
  const user = await checkerFor(
    app.deps.db,
    'session_check',
    app.sessionCheckReads,
  )({
    userId: claims.userId,
    sessionId: claims.sessionId,
    ...(shown && { shownId }),
    given,
    ...(listed && { listed: listedIds }),
  });
  if (!user?.isActive || !user.sessionLive) throw unauthorized();
  // Counted once the session is known to be live: a token whose session ended (a sign-out, a password
  // reset) cannot spend its account's allowance, so whoever holds a stolen one is stopped by ending it.
  await app.accountLimit(request, claims.userId);
  return {
    userId: claims.userId,
    role: user.role,
    fullName: user.fullName,
    sessionId: claims.sessionId,
    viewVersion: user.viewVersion,
    ...(shown && {
      shown: {
        id: shownId,
        viewVersion: user.shownVersion,
        callerRated: user.callerRated,
        rateAgainOn: user.rateAgainOn,
      },
    }),
    ...(given && { givenCount: user.givenCount ?? 0 }),
    ...(listed && {
      directoryVersion: user.directoryVersion ?? 0,
      ratedAmong: new Set(user.ratedAmong ?? []),
    }),
  };
}

export function registerSession(app: FastifyInstance, reads: SessionCheckReads, limit: AccountLimit) {
  app.decorate('sessionCheckReads', reads);
  app.decorate('accountLimit', limit);
  app.decorateRequest('session', null);
}

/** Hook (onRequest, so before the body is validated): a valid access token is required. */
export function authenticate(app: FastifyInstance): preHandlerAsyncHookHandler {
  return async (request) => {
    const session = await readSession(app, request);
    if (!session) throw unauthorized(MSG.authRequired);
    request.session = session;
  };
}

/** preHandler: a token is optional, but if one is sent it must be valid. */
export function optionalAuth(app: FastifyInstance): preHandlerAsyncHookHandler {
  return async (request) => {
    request.session = await readSession(app, request);
  };
}

/** preHandler (after authenticate): the caller must have one of `roles`, else 403 with `detail`. */
export function requireRole(roles: readonly UserRole[], detail: string): preHandlerAsyncHookHandler {
  return async (request) => {
    if (!request.session || !roles.includes(request.session.role)) throw forbidden(detail);
  };
}

/** The session of an authenticated route (authenticate ran before). */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw unauthorized(MSG.authRequired);
  return request.session;
}
