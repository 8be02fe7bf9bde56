import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTokenService } from './auth.ts';

const secret = 's'.repeat(48);

describe('access tokens', () => {
  it('verifies a token it signed, also from the cache', async () => {
    const tokens = createTokenService(secret);
    const token = await tokens.signAccessToken({ accountId: 'a1', sessionId: 's1' });
    const signedAt = Date.now();
    const first = await tokens.verifyAccessToken(token);
    expect(first).toMatchObject({ accountId: 'a1', sessionId: 's1' });
    // Expiry in milliseconds, 15 minutes on (the JWT's seconds).
    expect(Math.abs(first!.expiresAt - signedAt - 15 * 60_000)).toBeLessThan(2_000);
    expect(await tokens.verifyAccessToken(token)).toEqual(first);
  });

  it('refuses expired, tampered, foreign and non-access tokens', async () => {
    const tokens = createTokenService(secret);
    const expired = await tokens.signAccessToken({ accountId: 'a1', sessionId: null }, -10);
    expect(await tokens.verifyAccessToken(expired)).toBeNull();

    const token = await tokens.signAccessToken({ accountId: 'a1', sessionId: null });
    const [header, payload, signature] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: 'admin' }),
    ).toString('base64url');
    expect(await tokens.verifyAccessToken(`${header}.${forged}.${signature}`)).toBeNull();

    const other = createTokenService('o'.repeat(48));
    expect(await other.verifyAccessToken(token)).toBeNull();

    const refreshLike = await new SignJWT({ typ: 'refresh' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('a1')
      .setIssuer('gemeinde')
      .setAudience('gemeinde-api')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(secret));
    expect(await tokens.verifyAccessToken(refreshLike)).toBeNull();
    expect(await tokens.verifyAccessToken('not.a.jwt')).toBeNull();
  });
});
