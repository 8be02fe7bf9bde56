import { createSecretKey } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { isUuid } from './ids.ts';

/**
 * Who is calling. `masqueradeProfileId` (header `x-masquerade-profile`) asks to see an app as that member;
 * the permission engine (features/workspace/access.ts) allows it only to admins with the masquerade ability.
 */
export type Actor =
  | { kind: 'anonymous' }
  | { kind: 'invalid-token' }
  | { kind: 'account'; accountId: string; sessionId: string | null; masqueradeProfileId?: string };

const masqueradeHeader = 'x-masquerade-profile';

// Declaration merging needs `interface`.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

export type AccessTokenClaims = { accountId: string; sessionId: string | null };

/** The claims of a valid access token and when it expires (epoch milliseconds). */
export type VerifiedAccessToken = AccessTokenClaims & { expiresAt: number };

export type TokenService = {
  signAccessToken(claims: AccessTokenClaims, ttlSeconds?: number): Promise<string>;
  verifyAccessToken(token: string): Promise<VerifiedAccessToken | null>;
};

const issuer = 'gemeinde';
const audience = 'gemeinde-api';
export const accessTokenTtlSeconds = 15 * 60;
const verifiedCacheSize = 10_000;

/** Short-lived HS256 access tokens (DESIGN §6); refresh tokens live in the database (identity issue). */
export function createTokenService(secret: string): TokenService {
  // A KeyObject is imported once; a raw byte key would be re-imported on every sign and verify.
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  // Clients poll with the same token many times; verifying its signature once per token (until it expires)
  // saves ~0.2 ms of WebCrypto per request. Only successfully verified tokens are remembered, keyed by the
  // exact token string.
  const verified = new Map<string, { claims: VerifiedAccessToken; expiresAt: number }>();
  const remember = (token: string, claims: VerifiedAccessToken, expiresAt: number) => {
    if (verified.size >= verifiedCacheSize) {
      const now = Date.now();
      for (const [cachedToken, entry] of verified) {
        if (entry.expiresAt <= now || verified.size >= verifiedCacheSize) {
          verified.delete(cachedToken);
        }
      }
    }
    verified.set(token, { claims, expiresAt });
  };
  return {
    async signAccessToken(claims, ttlSeconds = accessTokenTtlSeconds) {
      const jwt = new SignJWT({ sid: claims.sessionId ?? undefined, typ: 'access' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.accountId)
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds);
      return jwt.sign(key);
    },
    async verifyAccessToken(token) {
      const cached = verified.get(token);
      if (cached && cached.expiresAt > Date.now()) {
        return cached.claims;
      }
      try {
        const { payload } = await jwtVerify(token, key, { issuer, audience, algorithms: ['HS256'] });
        if (payload.typ !== 'access' || typeof payload.sub !== 'string' || typeof payload.exp !== 'number') {
          return null;
        }
        const claims = {
          accountId: payload.sub,
          sessionId: typeof payload.sid === 'string' ? payload.sid : null,
          expiresAt: payload.exp * 1000,
        };
        remember(token, claims, payload.exp * 1000);
        return claims;
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) {
          return null;
        }
        throw error;
      }
    },
  };
}

/** Resolves `request.actor` from `Authorization: Bearer <jwt>` on every request. */
export const authPlugin = fp(
  async (app: FastifyInstance, options: { tokens: TokenService }) => {
    app.decorateRequest('actor', null as unknown as never);
    app.addHook('onRequest', async (request) => {
      const header = request.headers.authorization;
      if (!header) {
        request.actor = anonymous;
        return;
      }
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      const claims = match?.[1] ? await options.tokens.verifyAccessToken(match[1]) : null;
      if (!claims) {
        request.actor = { kind: 'invalid-token' };
        return;
      }
      const masquerade = request.headers[masqueradeHeader];
      const account = { accountId: claims.accountId, sessionId: claims.sessionId };
      request.actor =
        typeof masquerade === 'string' && isUuid(masquerade)
          ? { kind: 'account', ...account, masqueradeProfileId: masquerade.toLowerCase() }
          : { kind: 'account', ...account };
    });
    // Every masqueraded request is logged with the real caller (spec §6, issue 4). A callback hook: it runs on
    // every response, and an async one would cost each request a promise.
    app.addHook('onResponse', (request, reply, done) => {
      const actor = request.actor as Actor | null;
      if (actor?.kind === 'account' && actor.masqueradeProfileId) {
        request.log.info(
          {
            realAccountId: actor.accountId,
            masqueradeProfileId: actor.masqueradeProfileId,
            method: request.method,
            url: request.url,
            statusCode: reply.statusCode,
          },
          'masqueraded request',
        );
      }
      done();
    });
  },
  { name: 'auth' },
);

const anonymous: Actor = Object.freeze({ kind: 'anonymous' });
