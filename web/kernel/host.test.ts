import { describe, expect, it } from 'vitest';
import { detectHostKind } from './host';

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
