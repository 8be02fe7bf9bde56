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
