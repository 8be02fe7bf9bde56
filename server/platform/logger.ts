import pino, { type Logger, type LoggerOptions } from 'pino';

/** One-time codes and tokens travel in some URLs (stash codes, invitation links); logs keep only their place. */
export function redactUrl(url: string): string {
  return url
    .replace(/([?&](?:code|token|refreshToken|invitationToken)=)[^&]*/gi, '$1[redacted]')
    .replace(/^(\/api\/(?:stash|invitation))\/[^/?]+/i, '$1/[redacted]');
}

/** Structured JSON logs. Credentials and codes never reach a log line. */
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
        '*.smtpPassword',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (request: { method: string; url: string; headers: Record<string, unknown>; ip?: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.headers.host,
        ip: request.ip,
      }),
    },
  };
}

export function createLogger(level: LoggerOptions['level']): Logger {
  return pino(loggerOptions(level));
}
