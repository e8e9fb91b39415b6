// Signed JWTs (HS256) with a type claim, so an access token is refused where a refresh token is
// expected and the reverse (DESIGN §6).
import { createHash, createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';

type TokenType = 'access' | 'refresh';

interface AccessClaims {
  userId: number;
  /** Refresh family (session) the access token was issued with. */
  sessionId: string;
}

export interface RefreshClaims {
  userId: number;
  familyId: string;
  jti: string;
}

export class TokenError extends Error {}

/** The claims this service reads; anything in a token is untrusted until checked. */
interface Claims {
  typ?: unknown;
  sub?: unknown;
  jti?: unknown;
  exp?: unknown;
  nbf?: unknown;
  sid?: unknown;
  fam?: unknown;
}

export interface TokenService {
  signAccess(claims: AccessClaims): Promise<string>;
  signRefresh(claims: RefreshClaims): Promise<string>;
  verifyAccess(token: string): Promise<AccessClaims>;
  verifyRefresh(token: string): Promise<RefreshClaims & { expiresAt: Date }>;
  /**
   * The id of a family's refresh token after `generation` rotations: derived with the signing key, so
   * the current token can be signed again (the refresh grace window) while only its digest is stored.
   */
  sessionJti(familyId: string, generation: number): string;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
}

export function createTokenService(
  secret: string,
  accessTtlSeconds: number,
  refreshTtlSeconds: number,
): TokenService {
  const key = new TextEncoder().encode(secret);

  const sign = (type: TokenType, subject: number, ttl: number, extra: Record<string, string>, jti: string) =>
    new SignJWT({ typ: type, ...extra })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(subject))
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttl)
      .setJti(jti)
      .sign(key);

  // Verified with node:crypto rather than jose: every authenticated request checks a token, and a
  // synchronous HMAC costs a fraction of WebCrypto's asynchronous import-and-verify (issue 4).
  const verify = (token: string, type: TokenType) => {
    const parts = token.split('.');
    if (parts.length !== 3) throw new TokenError('invalid token');
    const [header, body, signature] = parts as [string, string, string];
    // Compared in canonical base64url, so no second spelling of a signature is accepted.
    const expected = Buffer.from(createHmac('sha256', key).update(`${header}.${body}`).digest('base64url'));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new TokenError('invalid token');
    let head: { alg?: unknown; crit?: unknown };
    let payload: Claims;
    try {
      head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'));
      payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      throw new TokenError('invalid token');
    }
    const now = Math.floor(Date.now() / 1000);
    const userId = Number(payload?.sub);
    if (
      typeof head !== 'object' ||
      head === null ||
      head.alg !== 'HS256' ||
      head.crit !== undefined ||
      typeof payload !== 'object' ||
      payload === null ||
      payload.typ !== type ||
      typeof payload.sub !== 'string' ||
      !Number.isSafeInteger(userId) ||
      userId <= 0 ||
      typeof payload.jti !== 'string' ||
      !payload.jti ||
      typeof payload.exp !== 'number' ||
      payload.exp <= now ||
      (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || payload.nbf > now))
    ) {
      throw new TokenError('wrong token type or claims');
    }
    return { payload, userId };
  };

  return {
    accessTtlSeconds,
    refreshTtlSeconds,
    signAccess: ({ userId, sessionId }) =>
      sign('access', userId, accessTtlSeconds, { sid: sessionId }, randomUUID()),
    signRefresh: ({ userId, familyId, jti }) =>
      sign('refresh', userId, refreshTtlSeconds, { fam: familyId }, jti),
    sessionJti: (familyId, generation) =>
      createHmac('sha256', key).update(`refresh:${familyId}:${generation}`).digest('base64url'),
    async verifyAccess(token) {
      const { payload, userId } = verify(token, 'access');
      if (typeof payload.sid !== 'string') throw new TokenError('invalid token');
      return { userId, sessionId: payload.sid };
    },
    async verifyRefresh(token) {
      const { payload, userId } = verify(token, 'refresh');
      if (typeof payload.fam !== 'string') throw new TokenError('invalid token');
      return {
        userId,
        familyId: payload.fam,
        jti: payload.jti as string,
        expiresAt: new Date((payload.exp as number) * 1000),
      };
    },
  };
}

/** Tokens and codes are stored only as SHA-256 digests. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const randomId = () => randomBytes(18).toString('base64url');
/** A code of `length` digits from the CSPRNG, leading zeros kept (mailed reset and verification codes). */
export const digitsCode = (length: number) => String(randomInt(0, 10 ** length)).padStart(length, '0');
