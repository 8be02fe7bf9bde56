import { describe, expect, it } from 'vitest';
import { createUrlSigner } from './signed-url.ts';

const secret = 'a-test-secret-that-is-long-enough-for-hmac';
const path = '/api/projects/p1/cloud/files/f1/content';
const hour = 3600;

function signerAt(seconds: { value: number }, ttlSeconds?: number) {
  return createUrlSigner(secret, { ttlSeconds, now: () => seconds.value * 1000 });
}

function queryOf(url: string): { exp?: string; sig?: string } {
  const params = new URL(url, 'http://localhost').searchParams;
  return { exp: params.get('exp') ?? undefined, sig: params.get('sig') ?? undefined };
}

describe('signed URLs', () => {
  it('signs a path with an expiry and accepts it back', () => {
    const clock = { value: 1_700_000_000 };
    const signer = signerAt(clock);
    const url = signer.sign(path);
    expect(url).toMatch(/^\/api\/projects\/p1\/cloud\/files\/f1\/content\?exp=\d+&sig=[A-Za-z0-9_-]{43}$/);
    expect(signer.verify(path, queryOf(url))).toBe(true);
  });

  it('refuses another path, a changed signature or expiry, and missing parameters', () => {
    const signer = signerAt({ value: 1_700_000_000 });
    const query = queryOf(signer.sign(path));
    expect(signer.verify('/api/projects/p1/cloud/files/f2/content', query)).toBe(false);
    const flipped = query.sig!.startsWith('A') ? `B${query.sig!.slice(1)}` : `A${query.sig!.slice(1)}`;
    expect(signer.verify(path, { ...query, sig: flipped })).toBe(false);
    expect(signer.verify(path, { ...query, exp: String(Number(query.exp) + 6 * hour) })).toBe(false);
    expect(signer.verify(path, { exp: query.exp })).toBe(false);
    expect(signer.verify(path, { sig: query.sig })).toBe(false);
    expect(signer.verify(path, { exp: 'soon', sig: query.sig })).toBe(false);
  });

  it('refuses a signature made with another secret', () => {
    const query = queryOf(signerAt({ value: 1_700_000_000 }).sign(path));
    const other = createUrlSigner('another-secret-that-is-long-enough-too', { now: () => 1_700_000_000_000 });
    expect(other.verify(path, query)).toBe(false);
  });

  it('expires after the rounded-up window, never before the ttl', () => {
    const clock = { value: 10 * hour + 1 };
    const signer = signerAt(clock, hour);
    const query = queryOf(signer.sign(path));
    expect(Number(query.exp)).toBe(12 * hour);
    clock.value = 11 * hour + 1; // exactly one ttl later: still valid
    expect(signer.verify(path, query)).toBe(true);
    clock.value = 12 * hour - 1;
    expect(signer.verify(path, query)).toBe(true);
    clock.value = 12 * hour;
    expect(signer.verify(path, query)).toBe(false);
  });

  it('gives the same URL throughout one window, so browsers can cache it', () => {
    const clock = { value: 20 * 6 * hour };
    const signer = signerAt(clock);
    const first = signer.sign(path);
    clock.value += 6 * hour - 1;
    expect(signer.sign(path)).toBe(first);
    clock.value += 1;
    expect(signer.sign(path)).not.toBe(first);
  });

  it('signs many paths right, also once the links it keeps are dropped', () => {
    const clock = { value: 1_700_000_000 };
    const signer = signerAt(clock);
    const first = signer.sign(path);
    const paths = Array.from({ length: 10_001 }, (_, index) => `/api/blobs/f${index}/tile`);
    for (const each of paths) {
      expect(signer.verify(each, queryOf(signer.sign(each)))).toBe(true);
    }
    expect(signer.sign(path)).toBe(first);
    expect(signer.verify(paths[0]!, queryOf(signer.sign(paths[1]!)))).toBe(false);
  });

  it('signs only paths and needs a real secret', () => {
    const signer = signerAt({ value: 0 });
    expect(() => signer.sign('/a?b=1')).toThrow(/Only a path/);
    expect(() => createUrlSigner('short')).toThrow(/at least 32/);
  });
});
