import pino, { type Logger, type LoggerOptions } from 'pino';

const censor = '[redacted]';

/**
 * Query parameters whose value is a credential, matched by how the (decoded, lower-case) name ends: blob
 * signatures (`sig`), S3's `X-Amz-Signature` and `X-Amz-Credential`, one-time `code`s, `token`,
 * `refreshToken`, `invitationToken`, `api_key`, `apiKey`, `secret`, `password`. A harmless parameter that
 * happens to end the same way (`countryCode`) is redacted too: a log loses a detail, never a secret.
 */
const secretNameEnding = /(?:sig|signature|credential|code|token|key|secret|password)$/;

/**
 * A query parameter anywhere in a text: a URL of the request log, a `url` field of another line, a URL inside
 * a message or an error's stack. Applied to the serialized JSON line, so the value ends at `&`, `#`, white
 * space or the closing quote of the JSON string, and a JSON escape (`\"`, `\u0000`) stays part of the value.
 */
const queryParameter = /([?&])([^?&=#\s"\\]+)=((?:[^&#\s"\\]|\\.)*)/g;

/** One-time codes travel in the path of two addresses (stash codes, invitation links). */
const secretPath = /(\/api\/(?:stash|invitation))\/[^/?#\s"\\]+/gi;

function isSecretName(name: string): boolean {
  let decoded = name;
  try {
    // `si%67=` is `sig=` to the query parser, so it is one to the redaction as well.
    decoded = decodeURIComponent(name);
  } catch {
    // Not valid percent-encoding: the name as written is all there is.
  }
  return secretNameEnding.test(decoded.toLowerCase());
}

/**
 * The one line that carries a secret on purpose: without SMTP (embedded mode, DESIGN §8) the log is how a
 * mail reaches its reader, links with their codes included. It is never written when SMTP is configured.
 */
export const outboxMailMessage = 'mail stored in the outbox (SMTP_URL not set)';
const outboxMailLine = `"msg":${JSON.stringify(outboxMailMessage)}`;

/** Replaces credentials in query strings (`?sig=…`, `&token=…`) and in the stash/invitation paths of a text. */
export function redactSecrets(text: string): string {
  if (text.includes(outboxMailLine)) {
    return text;
  }
  // Most log lines carry no query string at all: skip the replacement for them.
  const withQuery = text.includes('=')
    ? text.replace(queryParameter, (whole, separator: string, name: string) =>
        isSecretName(name) ? `${separator}${name}=${censor}` : whole,
      )
    : text;
  return withQuery.includes('/api/') ? withQuery.replace(secretPath, `$1/${censor}`) : withQuery;
}

/**
 * Structured JSON logs. Credentials and codes never reach a log line: fields by name (`redact`), and every
 * finished line through `redactSecrets` (`hooks.streamWrite`), which catches a signed URL in any field or
 * message — the request log, the masquerade log, an error's stack — including fields added later.
 */
export function loggerOptions(level: LoggerOptions['level']): LoggerOptions {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.currentPassword',
        '*.token',
        '*.accessToken',
        '*.refreshToken',
        '*.code',
        '*.sig',
        '*.smtpPassword',
      ],
      censor,
    },
    hooks: { streamWrite: redactSecrets },
    serializers: {
      req: (request: { method: string; url: string; headers: Record<string, unknown>; ip?: string }) => ({
        method: request.method,
        url: request.url,
        host: request.headers.host,
        ip: request.ip,
      }),
    },
  };
}

export function createLogger(level: LoggerOptions['level']): Logger {
  return pino(loggerOptions(level));
}
