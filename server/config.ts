import path from 'node:path';
import { z } from 'zod';
import { projectRoot } from './platform/paths.ts';
import type { StorageConfig } from './platform/storage/storage.ts';

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');
// 0: any free port (tests start several instances; the log line names the port taken).
const port = z.coerce.number().int().min(0).max(65_535);
const positiveInt = z.coerce.number().int().min(1);
const postgresUrl = z.string().regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// or postgresql:// URL');
const redisUrl = z.string().regex(/^rediss?:\/\/\S+$/, 'must be a redis:// or rediss:// URL');
const smtpUrl = z.string().regex(/^smtps?:\/\/\S+$/, 'must be an smtp:// or smtps:// URL');
const httpUrl = z.string().regex(/^https?:\/\/\S+$/, 'must be an http:// or https:// URL');
const keyPrefix = z
  .string()
  .regex(
    /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*\/?$/,
    'must be a key prefix like tenant-a/',
  );
const hostWithPort = z
  .string()
  .regex(/^[a-z0-9.-]+(:\d{1,5})?$/i, 'must be a host name, optionally with :port');

/**
 * Every setting is an environment variable (README lists them, `.env.example` shows them).
 * Without any of them the product runs embedded: PGlite in DATA_DIR, local files, outbox mail.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  ROLE: z.enum(['all', 'web', 'worker']).default('all'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: port.default(3000),
  DATA_DIR: z.string().min(1).default(path.join(projectRoot, 'data')),
  DATABASE_URL: postgresUrl.optional(),
  DB_POOL_MAX: positiveInt.max(500).default(10),
  DB_CONNECT_RETRIES: z.coerce.number().int().min(0).max(1000).default(10),
  DB_CONNECT_RETRY_DELAY_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  REDIS_URL: redisUrl.optional(),
  SMTP_URL: smtpUrl.optional(),
  MAIL_FROM: z.string().min(3).default('Gemeinde <no-reply@localhost>'),
  // Unset: derived from HOST and PORT (`defaultHosts`), so `PORT=3100 npm start` serves localhost:3100.
  SERVICE_HOST: hostWithPort.optional(),
  PUBLIC_DOMAIN: hostWithPort.optional(),
  PUBLIC_PROTOCOL: z.enum(['http', 'https']).default('http'),
  DEFAULT_TARIFF: z.enum(['starter', 'pro', 'business']).default('business'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: positiveInt.default(1024 * 1024),
  REQUEST_TIMEOUT_MS: positiveInt.default(60_000),
  SHUTDOWN_TIMEOUT_MS: positiveInt.default(15_000),
  TRUST_PROXY: booleanFlag.default(false),
  SERVE_WEB: booleanFlag.default(true),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: httpUrl.optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  S3_PREFIX: keyPrefix.optional(),
  GIF_API_KEY: z.string().min(1).optional(),
  GIF_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.giphy.com'),
  GIF_RATING: z.enum(['g', 'pg', 'pg-13', 'r']).default('pg-13'),
  GIF_TIMEOUT_MS: positiveInt.max(60_000).default(5000),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  role: 'all' | 'web' | 'worker';
  host: string;
  port: number;
  dataDir: string;
  database: { url: string | undefined; poolMax: number; connectRetries: number; connectRetryDelayMs: number };
  redisUrl: string | undefined;
  mail: { smtpUrl: string | undefined; from: string };
  serviceHost: string;
  publicDomain: string;
  /** The tariff a new project gets (server/features/projects/tariffs.ts). */
  defaultTariffId: 'starter' | 'pro' | 'business';
  /** `http://localhost:3000`: the service host as people reach it, for links in mails. */
  publicBaseUrl: string;
  jwtSecret: string | undefined;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  bodyLimitBytes: number;
  requestTimeoutMs: number;
  shutdownTimeoutMs: number;
  trustProxy: boolean;
  serveWeb: boolean;
  /** Cloud file bytes: DATA_DIR/cloud, or an S3 bucket (DESIGN §7). */
  storage: StorageConfig;
  /** The GIF panel's provider (Giphy); without an API key the feature is off. */
  gifs: {
    apiKey: string | undefined;
    baseUrl: string;
    rating: 'g' | 'pg' | 'pg-13' | 'r';
    timeoutMs: number;
  };
  version: string;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the environment; a bad value throws a ConfigError naming the variable. Empty strings count as unset. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, version = '0.0.0'): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map(
        (issue) =>
          `${issue.path.join('.')}: ${issue.message} (got ${JSON.stringify(present[String(issue.path[0])])})`,
      ),
    );
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const derived = defaultHosts(e.HOST, e.PORT, e.PUBLIC_PROTOCOL);
  const serviceHost = e.SERVICE_HOST ?? derived.serviceHost;
  const publicDomain = e.PUBLIC_DOMAIN ?? derived.publicDomain;
  return {
    env: e.NODE_ENV,
    role: e.ROLE,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    database: {
      url: e.DATABASE_URL,
      poolMax: e.DB_POOL_MAX,
      connectRetries: e.DB_CONNECT_RETRIES,
      connectRetryDelayMs: e.DB_CONNECT_RETRY_DELAY_MS,
    },
    redisUrl: e.REDIS_URL,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    serviceHost,
    publicDomain,
    defaultTariffId: e.DEFAULT_TARIFF,
    publicBaseUrl: `${e.PUBLIC_PROTOCOL}://${serviceHost}`,
    jwtSecret: e.JWT_SECRET,
    logLevel: e.LOG_LEVEL,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    trustProxy: e.TRUST_PROXY,
    serveWeb: e.SERVE_WEB,
    storage: storageConfig(e, dataDir),
    gifs: {
      apiKey: e.GIF_API_KEY,
      baseUrl: e.GIF_API_URL,
      rating: e.GIF_RATING,
      timeoutMs: e.GIF_TIMEOUT_MS,
    },
    version,
  };
}

/** Bind addresses that say "this machine" rather than a name people type: the hosts default to localhost. */
const localBindAddresses = new Set(['0.0.0.0', '::', '[::]', '127.0.0.1', '::1', '[::1]', 'localhost']);

/**
 * The hosts when SERVICE_HOST / PUBLIC_DOMAIN are not set: `localhost:{PORT}` and `app.localhost:{PORT}`
 * (browsers resolve `*.localhost` to loopback), or `{HOST}:{PORT}` and `app.{HOST}:{PORT}` when HOST is a
 * host name. The port is left out where the browser leaves it out (80 on http, 443 on https), so the
 * addresses equal `location.host`. PORT=0 (a free port, chosen at listen time) keeps the documented 3000:
 * such processes are reached through explicit hosts.
 */
export function defaultHosts(
  host: string,
  port: number,
  protocol: 'http' | 'https',
): { serviceHost: string; publicDomain: string } {
  const lower = host.toLowerCase();
  const name =
    localBindAddresses.has(lower) || isIpAddress(lower) || !/^[a-z0-9.-]+$/.test(lower) ? 'localhost' : lower;
  const effectivePort = port === 0 ? 3000 : port;
  const implicit = (protocol === 'http' && effectivePort === 80) || (protocol === 'https' && effectivePort === 443);
  const suffix = implicit ? '' : `:${effectivePort}`;
  return { serviceHost: `${name}${suffix}`, publicDomain: `app.${name}${suffix}` };
}

function isIpAddress(host: string): boolean {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.includes(':');
}

function storageConfig(e: z.infer<typeof envSchema>, dataDir: string): StorageConfig {
  if (e.STORAGE_DRIVER === 'local') {
    return { driver: 'local', root: path.join(dataDir, 'cloud') };
  }
  const problems = [
    ...(e.S3_BUCKET ? [] : ['S3_BUCKET: required when STORAGE_DRIVER=s3']),
    // One key without the other is a typo, not a wish for the SDK's default credential chain.
    ...(Boolean(e.S3_ACCESS_KEY_ID) === Boolean(e.S3_SECRET_ACCESS_KEY)
      ? []
      : ['S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: set both or neither']),
  ];
  if (problems.length > 0 || !e.S3_BUCKET) {
    throw new ConfigError(problems);
  }
  return {
    driver: 's3',
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    bucket: e.S3_BUCKET,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    prefix: e.S3_PREFIX,
  };
}
