import { describe, expect, it } from 'vitest';
import { redactUrl } from './logger.ts';

describe('log redaction', () => {
  it('keeps codes and tokens out of logged URLs', () => {
    expect(redactUrl('/api/stash/abcDEF123456789012345678')).toBe('/api/stash/[redacted]');
    expect(redactUrl('/api/invitation/tok_123456789012345678901')).toBe('/api/invitation/[redacted]');
    expect(redactUrl('/auth/restore?login=a%40b.de&code=123456')).toBe(
      '/auth/restore?login=a%40b.de&code=[redacted]',
    );
    expect(redactUrl('/x?token=abc&page=2')).toBe('/x?token=[redacted]&page=2');
    expect(redactUrl('/api/tasks?taskIds=1,2')).toBe('/api/tasks?taskIds=1,2');
  });
});
