// The access-token check runs on every authenticated request, so it is a synchronous HMAC with
// node:crypto rather than jose's WebCrypto path (issue 4). It must stay exactly as strict: only
// HS256 tokens signed with our key, in canonical form, of the right type, not expired, not early.
import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTokenService, TokenError } from '../../src/lib/tokens.ts';

const SECRET = 'a-test-secret-of-at-least-thirty-two-characters';
const key = new TextEncoder().encode(SECRET);
const service = createTokenService(SECRET, 900, 3600);
const now = () => Math.floor(Date.now() / 1000);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token built by hand: any header, any claims, signed with HMAC-SHA256 of `secret`. */
function handMade(header: object, claims: object, secret = SECRET) {
  const signingInput = `${b64(header)}.${b64(claims)}`;
  return `${signingInput}.${createHmac('sha256', secret).update(signingInput).digest('base64url')}`;
}

const accessClaims = (extra: object = {}) => ({
  typ: 'access',
  sid: 'family-1',
  sub: '42',
  jti: 'jti-1',
  iat: now(),
  exp: now() + 600,
  ...extra,
});

describe('access token check', () => {
  it('accepts what the service signs and what jose signs with the same key', async () => {
    const own = await service.signAccess({ userId: 42, sessionId: 'family-1' });
    expect(await service.verifyAccess(own)).toEqual({ userId: 42, sessionId: 'family-1' });
    const byJose = await new SignJWT({ typ: 'access', sid: 'family-2' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('7')
      .setIssuedAt()
      .setExpirationTime(now() + 60)
      .setJti('j')
      .sign(key);
    expect(await service.verifyAccess(byJose)).toEqual({ userId: 7, sessionId: 'family-2' });
    expect(await service.verifyAccess(handMade({ alg: 'HS256' }, accessClaims()))).toEqual({
      userId: 42,
      sessionId: 'family-1',
    });
  });

  it('refuses other algorithms, other keys and critical headers', async () => {
    const refused = [
      handMade({ alg: 'none' }, accessClaims()),
      `${b64({ alg: 'none' })}.${b64(accessClaims())}.`,
      handMade({ alg: 'HS512' }, accessClaims()),
      handMade({ alg: 'HS256', crit: ['exp'] }, accessClaims()),
      handMade({ alg: 'HS256' }, accessClaims(), 'another-secret-of-at-least-thirty-two-chars'),
      await new SignJWT(accessClaims()).setProtectedHeader({ alg: 'HS384' }).sign(key),
    ];
    for (const token of refused) await expect(service.verifyAccess(token)).rejects.toBeInstanceOf(TokenError);
  });

  it('refuses a second spelling of a valid signature', async () => {
    const token = handMade({ alg: 'HS256' }, accessClaims());
    const [header, body, signature] = token.split('.') as [string, string, string];
    // 32 bytes take 43 base64url characters; the last one carries 2 unused bits.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(signature.at(-1) as string);
    const respelled = `${signature.slice(0, -1)}${alphabet[last ^ 1]}`;
    expect(Buffer.from(respelled, 'base64url')).toEqual(Buffer.from(signature, 'base64url'));
    await expect(service.verifyAccess(`${header}.${body}.${respelled}`)).rejects.toBeInstanceOf(TokenError);
    await expect(service.verifyAccess(`${header}.${body}.${signature}=`)).rejects.toBeInstanceOf(TokenError);
  });

  it('refuses expired, not-yet-valid, wrongly typed and malformed tokens', async () => {
    const refused = [
      accessClaims({ exp: now() - 1 }),
      accessClaims({ exp: now() }),
      accessClaims({ exp: String(now() + 600) }),
      accessClaims({ exp: undefined }),
      accessClaims({ nbf: now() + 120 }),
      accessClaims({ typ: 'refresh' }),
      accessClaims({ sub: 42 }),
      accessClaims({ sub: '0' }),
      accessClaims({ sub: '1.5' }),
      accessClaims({ jti: '' }),
      accessClaims({ sid: undefined }),
    ].map((claims) => handMade({ alg: 'HS256' }, claims));
    const signingInput = `${b64({ alg: 'HS256' })}.${Buffer.from('not json').toString('base64url')}`;
    refused.push(`${signingInput}.${createHmac('sha256', SECRET).update(signingInput).digest('base64url')}`);
    refused.push('a.b', 'a.b.c.d', '', '...');
    for (const token of refused) await expect(service.verifyAccess(token)).rejects.toBeInstanceOf(TokenError);
  });

  it('keeps access and refresh tokens apart', async () => {
    const refresh = await service.signRefresh({ userId: 5, familyId: 'fam', jti: 'r1' });
    await expect(service.verifyAccess(refresh)).rejects.toBeInstanceOf(TokenError);
    expect(await service.verifyRefresh(refresh)).toMatchObject({ userId: 5, familyId: 'fam', jti: 'r1' });
    const access = await service.signAccess({ userId: 5, sessionId: 'fam' });
    await expect(service.verifyRefresh(access)).rejects.toBeInstanceOf(TokenError);
  });
});
