import type { FastifyRequest } from 'fastify';
import { pickLanguage, type Language } from '../../../contracts/language.ts';
import type { AttemptLimit } from '../../platform/routes.ts';
import type { SessionMeta } from './sessions.service.ts';

/** Where a session was started from, kept on the session for the person's device list. */
export const sessionMetaOf = (request: FastifyRequest): SessionMeta => ({
  userAgent: request.headers['user-agent'] ?? null,
  ip: request.ip,
});

/** `?resend=true` on a code step. */
export const isResend = (query: { resend?: string | undefined }) =>
  query.resend === 'true' || query.resend === '1';

/** The language of mails to people who have no account yet. */
export const requestLanguage = (request: FastifyRequest): Language =>
  pickLanguage(request.headers['accept-language']);

/** The validated body's `login` (attempts are counted after validation, so it is the normalised address). */
function loginOf(request: FastifyRequest): string {
  const login = (request.body as { login?: unknown } | undefined)?.login;
  if (typeof login !== 'string') {
    throw new Error(
      `route ${request.routeOptions.url ?? ''} counts attempts per login but has no body login`,
    );
  }
  return login;
}

/**
 * Sign-in steps and code mails of people not signed in: counted per IP and per login (6 a minute and 30 an
 * hour each), so neither many addresses from one IP nor one address from many IPs gets further.
 */
export const attemptsPerLogin = (bucket: string): AttemptLimit => ({
  bucket,
  keys: (request) => [`ip:${request.ip}`, `login:${loginOf(request)}`],
});

/** Code steps of a signed-in account: per IP and per account, in the same buckets as the sign-in steps. */
export const attemptsPerAccount = (
  bucket: string,
  options: { perIp: boolean } = { perIp: true },
): AttemptLimit => ({
  bucket,
  keys: (request) => [
    ...(options.perIp ? [`ip:${request.ip}`] : []),
    ...(request.actor.kind === 'account' ? [`account:${request.actor.accountId}`] : []),
  ],
});
