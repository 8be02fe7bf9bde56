import { describe, expect, it } from 'vitest';
import { bodyOfText, newClientId, textOfBody } from './message-text';

describe('the composer’s text as a message body', () => {
  it('makes paragraphs of blank-line-separated text, line breaks of single ones, and escapes markup', () => {
    expect(bodyOfText('Hallo <b>Ben</b> & "Co"\nzweite Zeile\n\n\nNeuer Absatz\n')).toBe(
      '<p>Hallo &lt;b&gt;Ben&lt;/b&gt; &amp; &quot;Co&quot;<br>zweite Zeile</p><p>Neuer Absatz</p>',
    );
    expect(bodyOfText('  \n \n\t')).toBe('');
  });

  it('turns a stored body back into the text it came from', () => {
    const text = 'Hallo <b>Ben</b> & Co\nzweite Zeile\n\nNeuer Absatz';
    expect(textOfBody(bodyOfText(text))).toBe(text);
    expect(textOfBody('<p>Mit <strong>fett</strong></p><ul><li>eins</li><li>zwei</li></ul>')).toBe(
      'Mit fett\n\neins\n\nzwei',
    );
  });

  it('makes UUIDs as client ids, also where the browser lacks randomUUID', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newClientId()).toMatch(uuid);
    const own = Object.getOwnPropertyDescriptor(crypto, 'randomUUID');
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const ids = new Set(Array.from({ length: 50 }, () => newClientId()));
      expect(ids.size).toBe(50);
      for (const id of ids) {
        expect(id).toMatch(uuid);
      }
    } finally {
      if (own) {
        Object.defineProperty(crypto, 'randomUUID', own);
      } else {
        delete (crypto as { randomUUID?: unknown }).randomUUID;
      }
    }
  });
});
