/**
 * An answer that the boot script of a pre-painted page (web/build/boot-after-paint.js) asked for while the app's
 * scripts were still loading: the page's first data, by the address the app asks for, with the access token of the
 * session the boot script refreshed and the language the app starts in.
 */
export type EarlyAnswer = { authorization: string; language: string; response: Promise<Response> };

declare global {
  // Only an interface merges into the DOM's Window.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface Window {
    gemeindeEarlyAnswers?: Record<string, EarlyAnswer>;
  }
}

// The boot script sends these and nothing else; a request with any other header is asked for anew.
const plainHeaders = new Set(['accept', 'accept-language', 'authorization']);

/**
 * The early answer for a GET of `url` with `headers`, taken once: only when it was asked for with the same token
 * and language and the request has no other header. Otherwise (or when there is none) null, and the caller asks.
 */
export function takeEarlyAnswer(url: string, headers: Headers): Promise<Response> | null {
  const answers = window.gemeindeEarlyAnswers;
  const answer = answers?.[url];
  if (!answers || !answer) {
    return null;
  }
  delete answers[url];
  for (const [name] of headers) {
    if (!plainHeaders.has(name)) {
      return null;
    }
  }
  const same =
    headers.get('Authorization') === answer.authorization &&
    headers.get('Accept-Language') === answer.language;
  return same ? answer.response : null;
}

/**
 * What a pre-painted page asks for early (the template's `data-early`, written by the build): for an address of
 * the page (`:name` stands for a path segment), the API addresses to ask for with that segment put in. With
 * `images`, the items (`data`) of the answer to `requests[from]` also have their first row's pictures asked for:
 * `field` is the path of an item's picture address, and a row holds `⌊(window width − margin) / cell⌋` of them.
 * Not when the stored value under `skipWhen.key` is `skipWhen.value` (a view without that row).
 */
export type EarlyData = {
  address: string;
  requests: string[];
  images?: {
    from: number;
    field: string[];
    perRow: { cell: number; margin: number };
    skipWhen: { key: string; value: string };
  };
};
