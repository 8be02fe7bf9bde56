import { createHmac, timingSafeEqual } from 'node:crypto';

export type UrlSigner = {
  /** `${path}?exp=<unix seconds>&sig=<base64url HMAC-SHA256>`; path is the URL path without a query. */
  sign(path: string): string;
  /** True when sig matches path and exp, and exp has not passed. */
  verify(path: string, query: { exp?: string; sig?: string }): boolean;
};

const defaultTtlSeconds = 6 * 60 * 60;
/** Links kept per signer before the kept ones are dropped (about 2 MB of strings at most). */
const maxKeptLinks = 10_000;

/**
 * Expiring links to file bytes (DESIGN §7): whoever holds the link may read until it expires, so the path
 * must name one object and the secret must be server-only (derive it, e.g. `keyedHash(jwtSecret, 'blob-urls')`).
 *
 * The expiry is rounded up to the end of the next window, so every link signed within one window is the
 * same string and the browser cache keeps working; a link stays valid between ttl and 2 × ttl.
 */
export function createUrlSigner(
  secret: string,
  options: { ttlSeconds?: number; /** milliseconds, like Date.now */ now?: () => number } = {},
): UrlSigner {
  if (secret.length < 32) {
    throw new Error('The URL signing secret must be at least 32 characters');
  }
  const window = options.ttlSeconds ?? defaultTtlSeconds;
  if (!Number.isSafeInteger(window) || window < 1) {
    throw new RangeError(`ttlSeconds must be a positive integer, got ${window}`);
  }
  const nowSeconds = () => Math.floor((options.now ?? Date.now)() / 1000);
  const mac = (path: string, exp: string) =>
    createHmac('sha256', secret).update(`${path}?exp=${exp}`).digest('base64url');
  // Every link of a window is the same string: a list shows the same avatars and covers again and again, so the
  // links of the current window are kept (a page of posts signed 40 of them on every read, 2 % of its CPU).
  const signed = new Map<string, string>();
  let signedExp = '';

  return {
    sign(path) {
      if (/[?#]/.test(path)) {
        throw new Error(`Only a path can be signed, got ${JSON.stringify(path)}`);
      }
      const exp = String((Math.floor(nowSeconds() / window) + 2) * window);
      if (exp !== signedExp || signed.size >= maxKeptLinks) {
        signed.clear();
        signedExp = exp;
      }
      let link = signed.get(path);
      if (link === undefined) {
        link = `${path}?exp=${exp}&sig=${mac(path, exp)}`;
        signed.set(path, link);
      }
      return link;
    },

    verify(path, { exp, sig }) {
      if (!exp || !sig || !/^\d{1,12}$/.test(exp) || !/^[A-Za-z0-9_-]{43}$/.test(sig)) {
        return false;
      }
      // Compared as text: decoding would accept several spellings of the same bytes.
      const expected = Buffer.from(mac(path, exp));
      const given = Buffer.from(sig);
      return (
        given.length === expected.length && timingSafeEqual(given, expected) && Number(exp) > nowSeconds()
      );
    },
  };
}
