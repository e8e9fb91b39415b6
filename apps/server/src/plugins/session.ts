// Who is calling: verifies the bearer access token once per request and loads the caller's role
// and status, so a suspended user's tokens stop working at once (DESIGN §6).
import { MSG, type UserRole } from '@workspace/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { preparedStatements } from '../db/prepared.ts';
import { refreshFamilies, users } from '../db/schema/index.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';
import { TokenError } from '../lib/tokens.ts';

export interface Session {
  userId: number;
  role: UserRole;
  fullName: string;
  /** The refresh family this access token belongs to. */
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
  }
}

// Every authenticated request runs it: built once (db/prepared.ts).
const sessionCheck = preparedStatements((db, name) =>
  db
    .select({
      role: users.userRole,
      isActive: users.isActive,
      fullName: users.fullName,
      sessionLive: sql<boolean>`${refreshFamilies.id} is not null and ${refreshFamilies.revokedAt} is null`,
    })
    .from(users)
    .leftJoin(
      refreshFamilies,
      and(eq(refreshFamilies.id, sql.placeholder('sessionId')), eq(refreshFamilies.userId, users.id)),
    )
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare(name),
);

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
  // The user and the token's session in one read by primary keys: a suspension, a sign-out or a
  // password change ends the access tokens already issued at once, not when they expire.
  const [user] = await sessionCheck(app.deps.db, 'session_check').execute({
    userId: claims.userId,
    sessionId: claims.sessionId,
  });
  if (!user?.isActive || !user.sessionLive) throw unauthorized();
  return { userId: claims.userId, role: user.role, fullName: user.fullName, sessionId: claims.sessionId };
}

export function registerSession(app: FastifyInstance) {
  app.decorateRequest('session', null);
}

/** preHandler: a valid access token is required. */
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
