import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('runs embedded with no environment at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      role: 'all',
      port: 3000,
      database: { url: undefined },
      redisUrl: undefined,
      mail: { smtpUrl: undefined },
      serviceHost: 'localhost:3000',
      publicDomain: 'app.localhost:3000',
    });
    expect(config.dataDir).toMatch(/data$/);
  });

  it('derives the hosts from PORT and HOST when they are not set', () => {
    expect(loadConfig({ PORT: '3100' })).toMatchObject({
      serviceHost: 'localhost:3100',
      publicDomain: 'app.localhost:3100',
      publicBaseUrl: 'http://localhost:3100',
    });
    expect(loadConfig({ HOST: '127.0.0.1', PORT: '4000' }).serviceHost).toBe('localhost:4000');
    expect(loadConfig({ HOST: 'gemeinde.test', PORT: '8080' })).toMatchObject({
      serviceHost: 'gemeinde.test:8080',
      publicDomain: 'app.gemeinde.test:8080',
    });
    // The port the browser leaves out of `location.host` is left out here too.
    expect(loadConfig({ HOST: 'gemeinde.test', PORT: '80' }).serviceHost).toBe('gemeinde.test');
    expect(loadConfig({ PORT: '443', PUBLIC_PROTOCOL: 'https' }).publicDomain).toBe('app.localhost');
    // Explicit values win, each on its own.
    expect(loadConfig({ PORT: '3100', PUBLIC_DOMAIN: 'apps.example.com' })).toMatchObject({
      serviceHost: 'localhost:3100',
      publicDomain: 'apps.example.com',
    });
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).port).toBe(3000);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['REDIS_URL', 'localhost:6379'],
    ['SMTP_URL', 'mail.example.com'],
    ['LOG_LEVEL', 'loud'],
    ['ROLE', 'both'],
    ['TRUST_PROXY', 'yes'],
    ['JWT_SECRET', 'short'],
    ['SERVICE_HOST', 'http://localhost:3000'],
  ])('refuses %s=%s and names the variable', (name, value) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toContain(name);
  });

  it('stores cloud files under DATA_DIR/cloud by default', () => {
    expect(loadConfig({ DATA_DIR: '/srv/gemeinde' }).storage).toEqual({
      driver: 'local',
      root: '/srv/gemeinde/cloud',
    });
  });

  it('reads the S3 storage settings', () => {
    const config = loadConfig({
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'files',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: 'gemeinde/',
    });
    expect(config.storage).toEqual({
      driver: 's3',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      bucket: 'files',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      prefix: 'gemeinde/',
    });
  });

  it.each([
    [{ STORAGE_DRIVER: 's3' }, 'S3_BUCKET'],
    [{ STORAGE_DRIVER: 's3', S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'key' }, 'S3_SECRET_ACCESS_KEY'],
    [{ STORAGE_DRIVER: 'ftp' }, 'STORAGE_DRIVER'],
    [{ STORAGE_DRIVER: 's3', S3_BUCKET: 'files', S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT'],
    [{ STORAGE_DRIVER: 's3', S3_BUCKET: 'files', S3_PREFIX: '../up' }, 'S3_PREFIX'],
  ])('refuses the storage settings %j and names %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });

  it('reads the production settings', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u:p@db:5432/app',
      REDIS_URL: 'redis://cache:6379',
      SMTP_URL: 'smtps://u:p@mail:465',
      PORT: '8080',
      ROLE: 'web',
      TRUST_PROXY: 'true',
    });
    expect(config).toMatchObject({
      port: 8080,
      role: 'web',
      trustProxy: true,
      database: { url: 'postgres://u:p@db:5432/app' },
      redisUrl: 'redis://cache:6379',
      mail: { smtpUrl: 'smtps://u:p@mail:465' },
    });
  });
});
