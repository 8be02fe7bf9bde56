import pino, { type Logger, type LoggerOptions } from 'pino';

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
        url: request.url.replace(/([?&](?:code|token)=)[^&]*/gi, '$1[redacted]'),
        host: request.headers.host,
        ip: request.ip,
      }),
    },
  };
}

export function createLogger(level: LoggerOptions['level']): Logger {
  return pino(loggerOptions(level));
}
