import { describe, expect, it } from 'vitest';
import {
  bodyOfText,
  insertMention,
  mentionQueryAt,
  mentionsOfBody,
  newClientId,
  textOfBody,
} from './message-text';

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

  it('writes picked mentions as mention elements where their names still stand, longest name first', () => {
    const anna = { id: '0190a0a0-0000-7000-8000-000000000001', label: 'Anna' };
    const annaBerg = { id: '0190a0a0-0000-7000-8000-000000000002', label: 'Anna Berg' };
    const odd = { id: '0190a0a0-0000-7000-8000-000000000003', label: 'O"Neil <3' };
    const gone = { id: '0190a0a0-0000-7000-8000-000000000004', label: 'Weg' };
    const body = bodyOfText('@Anna Berg und @Anna\n@O"Neil <3', [anna, annaBerg, odd, gone]);
    expect(body).toBe(
      '<p><span data-type="mention" data-id="' +
        annaBerg.id +
        '" data-label="Anna Berg">@Anna Berg</span> und <span data-type="mention" data-id="' +
        anna.id +
        '" data-label="Anna">@Anna</span><br><span data-type="mention" data-id="' +
        odd.id +
        '" data-label="O&quot;Neil &lt;3">@O&quot;Neil &lt;3</span></p>',
    );
    // Editing: the text shows the names, the mentions come back from the body.
    expect(textOfBody(body)).toBe('@Anna Berg und @Anna\n@O"Neil <3');
    expect(mentionsOfBody(body)).toEqual([annaBerg, anna, odd]);
    expect(bodyOfText('ohne @ jemanden', [anna])).toBe('<p>ohne @ jemanden</p>');
  });

  it('finds the @ being typed before the caret and puts the picked name in its place', () => {
    expect(mentionQueryAt('Hallo @An', 9)).toEqual({ start: 6, query: 'An' });
    expect(mentionQueryAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQueryAt('mail@example', 12)).toBeNull();
    expect(mentionQueryAt('Hallo @Anna Berg', 16)).toBeNull();
    expect(insertMention('Hallo @An, wie geht es?', 6, 9, 'Anna Berg')).toEqual({
      text: 'Hallo @Anna Berg , wie geht es?',
      caret: 17,
    });
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
