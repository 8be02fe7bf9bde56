import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  richTextAttributes,
  richTextImageSource,
  richTextLinkHref,
  richTextTags,
  videoEmbedOrigins,
} from '../../../contracts/rich-text';
import { sanitizeRichText } from '../../../server/platform/rich-text';
import { editorSample } from '../../../server/platform/rich-text-sample';
import { xssCorpus } from '../../../server/platform/xss-corpus';
import { RichText } from './rich-text';

const ownOrigin = 'https://app.example.com';
const allowedTags: ReadonlySet<string> = new Set(richTextTags);

/** Everything rendered that could run script or load an address outside the allow-list. */
function problemsIn(root: Element): string[] {
  const problems: string[] = [];
  for (const element of Array.from(root.querySelectorAll('*'))) {
    const tag = element.localName;
    if (element.namespaceURI !== 'http://www.w3.org/1999/xhtml' || !allowedTags.has(tag)) {
      problems.push(`<${tag}>`);
    }
    const allowed: readonly string[] = (richTextAttributes as Record<string, readonly string[]>)[tag] ?? [];
    for (const { name, value } of Array.from(element.attributes)) {
      if (/^on/i.test(name) || !allowed.includes(name)) {
        problems.push(`<${tag}> carries ${name}`);
      } else if (name === 'href' && richTextLinkHref(value) !== value) {
        problems.push(`<${tag}> links to ${value}`);
      } else if (name === 'src' && tag === 'img' && richTextImageSource(value, [ownOrigin]) !== value) {
        problems.push(`<img> loads ${value}`);
      } else if (
        name === 'src' &&
        tag === 'iframe' &&
        !videoEmbedOrigins.some((origin) => value.startsWith(`${origin}/`))
      ) {
        problems.push(`<iframe> loads ${value}`);
      }
    }
    if (
      /^\s*(javascript|vbscript|data):/i.test(
        element.getAttribute('href') ?? element.getAttribute('src') ?? '',
      )
    ) {
      problems.push(`<${tag}> with a script address`);
    }
  }
  return problems;
}

function renderedRoot(html: string): Element {
  const { container } = render(<RichText html={html} imageOrigins={[ownOrigin]} />);
  const root = container.firstElementChild;
  if (!root) {
    throw new Error('RichText rendered nothing');
  }
  return root;
}

describe('RichText', () => {
  it('shows stored rich text exactly as the server wrote it', () => {
    const shown = renderedRoot(editorSample).innerHTML;
    // React sets an image's src after its other attributes; the sanitizer writes attributes in one order again.
    expect(sanitizeRichText(shown)).toBe(editorSample);
    expect(shown.replace(/<img ([^>]*?) (src="[^"]*")>/, '<img $2 $1>')).toBe(editorSample);
  });

  it('has a check that catches live markup', () => {
    const root = document.createElement('div');
    root.innerHTML = '<p onclick="alert(1)">x</p><a href="javascript:alert(1)">y</a><svg></svg>';
    expect(problemsIn(root)).toHaveLength(4);
  });

  it.each(xssCorpus.map((payload, index) => [index, payload.category, payload.html] as const))(
    'renders payload #%i (%s) inert even unsanitized: %s',
    (_index, _category, html) => {
      expect(problemsIn(renderedRoot(html))).toEqual([]);
      expect(problemsIn(renderedRoot(sanitizeRichText(html, { imageOrigins: [ownOrigin] })))).toEqual([]);
    },
  );

  it('drops what the allow-list drops and keeps the text of what it unwraps', () => {
    const root = renderedRoot(
      '<div>kept <font color="red">text</font></div><script>alert(1)</script><svg><text>drawn</text></svg>' +
        '<a href="javascript:alert(1)">label</a>',
    );
    expect(root.innerHTML).toBe('kept textlabel');
  });
});
