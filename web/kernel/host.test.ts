import { describe, expect, it } from 'vitest';
import { detectHostKind, isConfiguredHost } from './host';

describe('detectHostKind', () => {
  const config = { serviceHost: 'localhost:3000' };

  it('is the service host only on the configured host and port', () => {
    expect(detectHostKind(config, 'localhost:3000')).toBe('service');
    expect(detectHostKind(config, 'LOCALHOST:3000')).toBe('service');
    expect(detectHostKind(config, 'app.localhost:3000')).toBe('app');
    expect(detectHostKind(config, 'localhost:5173')).toBe('app');
    expect(detectHostKind(config, 'community.example.de')).toBe('app');
  });
});

describe('isConfiguredHost', () => {
  const config = { serviceHost: 'localhost:3100', publicDomain: 'app.localhost:3100' };

  it('knows the service host and the public domain, nothing else', () => {
    expect(isConfiguredHost(config, 'localhost:3100')).toBe(true);
    expect(isConfiguredHost(config, 'APP.localhost:3100')).toBe(true);
    expect(isConfiguredHost(config, 'localhost:3000')).toBe(false);
    expect(isConfiguredHost(config, 'example.com')).toBe(false);
  });
});
