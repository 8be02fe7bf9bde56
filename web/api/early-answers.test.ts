import { afterEach, describe, expect, it } from 'vitest';
import { takeEarlyAnswer } from './early-answers';

const url = '/api/folders/f1/content?sort=-updatedAt&page=1&limit=50';

function askedEarly() {
  const response = Promise.resolve(new Response('{"data":[]}'));
  window.gemeindeEarlyAnswers = { [url]: { authorization: 'Bearer access-1', language: 'de', response } };
  return response;
}

const headers = (extra: Record<string, string> = {}) =>
  new Headers({
    Accept: 'application/json',
    'Accept-Language': 'de',
    Authorization: 'Bearer access-1',
    ...extra,
  });

afterEach(() => {
  window.gemeindeEarlyAnswers = undefined;
});

describe('an answer the page asked for before the app ran', () => {
  it('is taken once, for the same address, token and language', () => {
    const response = askedEarly();
    expect(takeEarlyAnswer(`${url}&x=1`, headers())).toBeNull();
    expect(takeEarlyAnswer(url, headers())).toBe(response);
    expect(takeEarlyAnswer(url, headers())).toBeNull();
  });

  it('is not taken with another token, another language or a header the page did not send', () => {
    for (const other of [
      headers({ Authorization: 'Bearer access-2' }),
      headers({ 'Accept-Language': 'en' }),
      headers({ 'X-App-Id': 'a1' }),
      new Headers({ Accept: 'application/json', 'Accept-Language': 'de' }),
    ]) {
      void askedEarly();
      expect(takeEarlyAnswer(url, other)).toBeNull();
      // Dropped all the same: an answer that did not fit once never fits later.
      expect(window.gemeindeEarlyAnswers?.[url]).toBeUndefined();
    }
  });
});
