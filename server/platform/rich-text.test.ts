import { describe, expect, it } from 'vitest';
import { errorCodes } from '../../contracts/errors.ts';
import { richTextMaxLength } from '../../contracts/rich-text.ts';
import { AppError } from './errors.ts';
import { extractMentions, richTextToPlainText, sanitizeRichText } from './rich-text.ts';
import {
  editorSample,
  sampleImage as image,
  sampleMentionId as anna,
  youtubeEmbed,
} from './rich-text-sample.ts';
import { xssCorpus } from './xss-corpus.ts';
import {
  browserProblems as browserProblemsOf,
  htmlparser2Problems as htmlparser2ProblemsOf,
  strayMarkup,
} from '../test/inert-html.ts';

const ownOrigin = 'https://app.example.com';
const options = { imageOrigins: [ownOrigin] };
const ben = '0190a6b2-1c3d-7e4f-8a9b-0c1d2e3f4a5d';
const browserProblems = (html: string) => browserProblemsOf(html, [ownOrigin]);
const htmlparser2Problems = (html: string) => htmlparser2ProblemsOf(html, [ownOrigin]);

describe('sanitizeRichText against known XSS payloads', () => {
  it('has a corpus of at least 100 payloads', () => {
    expect(xssCorpus.length).toBeGreaterThanOrEqual(100);
  });

  it('has checks that catch live markup', () => {
    for (const live of [
      '<img src=x onerror=alert(1)>',
      '<a href="javascript:alert(1)">x</a>',
      '<p onclick="alert(1)">x</p>',
      '<svg><a href="https://example.com">x</a></svg>',
      '<iframe src="https://evil.example/x"></iframe>',
      `<img src="https://evil.example${image}">`,
      '<!--x--><p>y</p>',
    ]) {
      expect(browserProblems(live), live).not.toEqual([]);
      expect(htmlparser2Problems(live), live).not.toEqual([]);
    }
    expect('<p>a</p><div>b</div><x-y z>'.match(strayMarkup)).toEqual(['<div>', '</div>', '<x-y z>']);
  });

  it.each(xssCorpus.map((payload, index) => [index, payload.category, payload.html] as const))(
    '#%i (%s) comes out inert and stable: %s',
    (_index, _category, html) => {
      const once = sanitizeRichText(html, options);
      expect(browserProblems(once)).toEqual([]);
      expect(htmlparser2Problems(once)).toEqual([]);
      // Raw text as well: every '<' opens one of the allowed elements (anything else is escaped text).
      expect(once.match(strayMarkup) ?? []).toEqual([]);
      expect(sanitizeRichText(once, options)).toBe(once);
    },
  );

  it('keeps the text around what it strips, without escaping the stripped markup into it', () => {
    expect(sanitizeRichText('<p>before<script>alert(1)</script>after</p>')).toBe('<p>beforeafter</p>');
    expect(sanitizeRichText('<div><section>kept <font color="red">text</font></section></div>')).toBe(
      'kept text',
    );
    expect(sanitizeRichText('<svg><text>drawn</text></svg>visible')).toBe('visible');
    expect(sanitizeRichText('<a href="javascript:alert(1)">label</a>')).toBe('label');
  });
});

describe('sanitizeRichText keeps the allow-list exactly', () => {
  it("leaves the editor's markup for every construct unchanged", () => {
    expect(sanitizeRichText(editorSample, options)).toBe(editorSample);
    expect(browserProblems(editorSample)).toEqual([]);
  });

  it.each([
    ['<p>a<br>b</p>', '<p>a<br>b</p>'],
    ['<p>a<br/>b</p>', '<p>a<br>b</p>'],
    ['<h1>Title</h1><h5>five</h5><h6>six</h6>', '<h2>Title</h2><h4>five</h4><h4>six</h4>'],
    [
      '<b>bold</b> <i>italic</i> <del>gone</del> <strike>old</strike>',
      '<strong>bold</strong> <em>italic</em> <s>gone</s> <s>old</s>',
    ],
    [
      '<ol start="1"><li>a</li></ol><ol start="007"><li>b</li></ol>',
      '<ol><li>a</li></ol><ol start="7"><li>b</li></ol>',
    ],
    ['<pre><code class="hljs language-js">x</code></pre>', '<pre><code class="language-js">x</code></pre>'],
    ['<p style="color:red" class="lead" id="x" dir="rtl">styled</p>', '<p>styled</p>'],
    ['<hr/>', '<hr>'],
    ['<p>a&nbsp;b</p>', '<p>a&nbsp;b</p>'],
    ['<p>5 &gt; 3 &amp; "x"</p>', '<p>5 &gt; 3 &amp; "x"</p>'],
  ])('%s → %s', (input, output) => {
    expect(sanitizeRichText(input, options)).toBe(output);
  });

  it('opens absolute links in a new tab without opener, referrer or ranking, and keeps our paths in the tab', () => {
    expect(
      sanitizeRichText('<a href="https://example.com" target="_self" rel="opener" title="t">x</a>'),
    ).toBe('<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">x</a>');
    expect(sanitizeRichText('<a href="HTTP://Example.com/A">x</a>')).toBe(
      '<a href="HTTP://Example.com/A" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(sanitizeRichText('<a href=" /courses/1 " target="_blank">x</a>')).toBe(
      '<a href="/courses/1">x</a>',
    );
    expect(
      sanitizeRichText('<a href="ftp://example.com">x</a><a href="tel:+49">y</a><a href="#top">z</a>'),
    ).toBe('xyz');
  });

  it('keeps images of our cloud and of the origins the caller allows, and drops every other image', () => {
    expect(sanitizeRichText(`<img src="${image}" alt="" width="10" loading="eager">`)).toBe(
      `<img src="${image}" alt="">`,
    );
    expect(sanitizeRichText(`<img src="${ownOrigin}/api/cloud/x.webp">`, options)).toBe(
      `<img src="${ownOrigin}/api/cloud/x.webp">`,
    );
    expect(sanitizeRichText(`<img src="${ownOrigin}/api/cloud/x.webp">`)).toBe('');
    expect(sanitizeRichText('<img src="https://app.example.com.evil.example/x.webp">', options)).toBe('');
    expect(sanitizeRichText('<img src="http://app.example.com/x.webp">', options)).toBe('');
    expect(sanitizeRichText('<img src="/api/other/x.webp">', options)).toBe('');
  });

  it('turns links of the three video hosts into their players and drops every other frame', () => {
    for (const link of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ?t=10',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
    ]) {
      expect(sanitizeRichText(`<iframe src="${link}" width="560" allowfullscreen></iframe>`)).toBe(
        youtubeEmbed,
      );
    }
    expect(sanitizeRichText('<iframe src="https://vimeo.com/76979871"></iframe>')).toContain(
      'src="https://player.vimeo.com/video/76979871" title="Vimeo"',
    );
    expect(
      sanitizeRichText('<iframe src="https://www.loom.com/share/0123456789abcdef0123456789abcdef"></iframe>'),
    ).toContain('src="https://www.loom.com/embed/0123456789abcdef0123456789abcdef" title="Loom"');
    expect(sanitizeRichText('<iframe src="https://example.com/embed/1">text</iframe>after')).toBe('after');
  });

  it('writes a mention as its name and drops what is inside it; an invalid one becomes plain text', () => {
    expect(
      sanitizeRichText(
        `<span data-type="mention" data-id="${anna.toUpperCase()}" data-label=" Anna " data-mention-suggestion-char="@">@Someone <b>else</b></span>`,
      ),
    ).toBe(`<span data-type="mention" data-id="${anna}" data-label="Anna">@Anna</span>`);
    expect(sanitizeRichText(`<span data-type="mention" data-id="${anna}" data-label="">@Anna</span>`)).toBe(
      '@Anna',
    );
    expect(
      sanitizeRichText(
        `<span data-type="mention" data-id="${anna}" data-label="${'x'.repeat(101)}">@x</span>`,
      ),
    ).toBe('@x');
    expect(sanitizeRichText('<span data-type="mention" data-id="42" data-label="Anna">@Anna</span>')).toBe(
      '@Anna',
    );
    expect(sanitizeRichText('<span class="highlight">plain span</span>')).toBe('plain span');
  });

  it('refuses input longer than the limit with RICH_TEXT_TOO_LONG (400)', () => {
    const atLimit = `<p>${'a'.repeat(richTextMaxLength - 7)}</p>`;
    expect(atLimit).toHaveLength(richTextMaxLength);
    expect(sanitizeRichText(atLimit)).toBe(atLimit);
    let error: unknown;
    try {
      sanitizeRichText(`${atLimit} `, { field: 'body' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).statusCode).toBe(400);
    expect((error as AppError).toBody()).toEqual({
      code: errorCodes.richTextTooLong,
      message: 'errors.RICH_TEXT_TOO_LONG',
      errors: { body: 'validation.validateMaxLength' },
      details: { maxLength: richTextMaxLength },
    });
  });
});

describe('rich text helpers', () => {
  it('gives the plain text line by line, with mentions as names and nothing of embeds', () => {
    expect(richTextToPlainText(editorSample)).toBe(
      [
        'Heading two',
        'Heading three',
        'Heading four',
        'Plain, bold, italic, underlined, struck, a < b, a link, a local link, mail and @Anna Berg.',
        'Second line & "quotes" with no-break space.',
        'One',
        'Two',
        'Nested',
        'Three',
        'Quoted',
        'const a = 1 < 2;',
        'const b = "x";',
      ].join('\n'),
    );
    expect(richTextToPlainText('<p>x</p><script>alert(1)</script><style>p{}</style>')).toBe('x');
  });

  it('cuts plain text for previews at a word boundary', () => {
    expect(richTextToPlainText('<p>Ein kurzer Satz mit einigen Wörtern</p>', { maxLength: 20 })).toBe(
      'Ein kurzer Satz mit…',
    );
    expect(richTextToPlainText('<p>kurz</p>', { maxLength: 20 })).toBe('kurz');
    expect(richTextToPlainText('<p>Donaudampfschifffahrt</p>', { maxLength: 10 })).toBe('Donaudamp…');
  });

  it('lists each mentioned profile once, in order, and ignores invalid mentions', () => {
    const html = sanitizeRichText(
      `<p><span data-type="mention" data-id="${ben}" data-label="Ben">@Ben</span> and ` +
        `<span data-type="mention" data-id="${anna}" data-label="Anna">@Anna</span>, again ` +
        `<span data-type="mention" data-id="${ben}" data-label="Ben">@Ben</span> and ` +
        '<span data-type="mention" data-id="nope" data-label="X">@X</span></p>',
    );
    expect(extractMentions(html)).toEqual([ben, anna]);
    expect(extractMentions('<p>nobody</p>')).toEqual([]);
  });
});
