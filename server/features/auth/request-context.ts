import type { FastifyRequest } from 'fastify';
import { pickLanguage, type Language } from '../../../contracts/language.ts';
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
