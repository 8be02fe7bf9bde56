import { Parser } from 'htmlparser2';
import sanitizeHtml from 'sanitize-html';
import { errorCodes } from '../../contracts/errors.ts';
import {
  normaliseRichTextElement,
  richTextAttributes,
  richTextDroppedTags,
  richTextMaxLength,
  richTextTags,
  richTextVoidTags,
  type RichTextOptions,
  type RichTextVerdict,
} from '../../contracts/rich-text.ts';
import { AppError } from './errors.ts';

export type SanitizeRichTextOptions = RichTextOptions & {
  /** The request field the text came in, named in the error when it is too long. */
  field?: string;
};

// Names no HTML uses, for elements the allow-list unwraps (content kept) or drops (content gone too).
const unwrapTag = 'RICH-TEXT-UNWRAP';
const dropTag = 'RICH-TEXT-DROP';
// Controls a browser would ignore or replace inside a tag or a URL (NUL, backspace …); tab and line ends stay.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const controlCharacters = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

// sanitize-html 2.17 remembers a renamed element's name per depth and forgets to clear it when that element is
// discarded, so the next element at the same depth that keeps its name is closed with the stale one. Renaming
// every element (to upper case: the parser reports lower case) overwrites the entry each time; the output's tag
// names are lowered again at the end.
const upper = (names: readonly string[]) => names.map((name) => name.toUpperCase());
const allowedAttributes: Record<string, string[]> = Object.fromEntries(
  Object.entries(richTextAttributes).map(([tag, names]) => [tag.toUpperCase(), [...names]]),
);
// In the output `<` only ever opens a tag (text and attribute values have it escaped).
const tagName = /<(\/?)([A-Z][A-Z0-9-]*)/g;

/**
 * Rich text as it is stored and served: only the elements and attributes of the allow-list
 * (`contracts/rich-text.ts`), each written one way, everything else stripped (not escaped and kept). Throws 400
 * `RICH_TEXT_TOO_LONG` for input longer than `richTextMaxLength`. Sanitizing the result again gives the same
 * text, and the editor's own markup comes out unchanged.
 */
export function sanitizeRichText(html: string, options: SanitizeRichTextOptions = {}): string {
  if (html.length > richTextMaxLength) {
    throw new AppError(400, errorCodes.richTextTooLong, {
      details: { maxLength: richTextMaxLength },
      ...(options.field ? { errors: { [options.field]: 'validation.validateMaxLength' } } : {}),
    });
  }
  // The verdict of the element the parser just opened; sanitize-html asks for its transform right after.
  let verdict: RichTextVerdict = 'unwrap';
  // Per open element: whether it replaces its content (a mention, an embed), so everything inside goes.
  const replacesContent: boolean[] = [];
  let replacedDepth = 0;
  const transform = (): sanitizeHtml.Tag => {
    if (verdict === 'drop' || verdict === 'unwrap') {
      return { tagName: verdict === 'drop' ? dropTag : unwrapTag, attribs: {} };
    }
    const tag = { tagName: verdict.tag.toUpperCase(), attribs: Object.fromEntries(verdict.attributes) };
    return verdict.text === undefined ? tag : { ...tag, text: verdict.text };
  };
  const output = sanitizeHtml(html.replace(controlCharacters, ''), {
    allowedTags: upper(richTextTags),
    allowedAttributes,
    // The transform has checked every address already; sanitize-html's scheme check stays as a second net.
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { IMG: ['http', 'https'], IFRAME: ['https'] },
    allowedSchemesAppliedToAttributes: ['href', 'src'],
    allowProtocolRelative: false,
    selfClosing: upper(richTextVoidTags),
    nonTextTags: [...upper(richTextDroppedTags), dropTag],
    disallowedTagsMode: 'discard',
    parseStyleAttributes: false,
    onOpenTag: (name, attribs) => {
      verdict = replacedDepth > 0 ? 'drop' : normaliseRichTextElement(name, attribs, options);
      const replaces = typeof verdict === 'object' && verdict.text !== undefined;
      replacesContent.push(replaces);
      replacedDepth += replaces ? 1 : 0;
    },
    onCloseTag: () => {
      replacedDepth -= replacesContent.pop() ? 1 : 0;
    },
    // Only per-tag transforms may set an element's text (sanitize-html ignores `text` from '*').
    transformTags: { span: transform, iframe: transform, '*': transform },
  });
  // Written as a browser (and so the editor) writes HTML: `<br>`, not `<br />`; a no-break space as `&nbsp;`.
  // Text and attribute values have `>` escaped, so ' />' only ever closes a void element.
  return output
    .replace(tagName, (_match, slash: string, name: string) => `<${slash}${name.toLowerCase()}`)
    .replaceAll(' />', '>')
    .replaceAll('\u00a0', '&nbsp;');
}

const blockTags = new Set([
  'p',
  'h2',
  'h3',
  'h4',
  'li',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'hr',
  'br',
  'iframe',
]);
const skippedTags: ReadonlySet<string> = new Set<string>(richTextDroppedTags);

/** Walks stored rich text, skipping what the allow-list drops, and reports open tags and text. */
function walk(
  html: string,
  handlers: {
    open?: (name: string, attribs: Record<string, string>) => void;
    close?: (name: string) => void;
    text?: (text: string) => void;
  },
): void {
  let skipped = 0;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (skipped > 0 || skippedTags.has(name)) {
          skipped += 1;
          return;
        }
        handlers.open?.(name, attribs);
      },
      onclosetag(name) {
        if (skipped > 0) {
          skipped -= 1;
          return;
        }
        handlers.close?.(name);
      },
      ontext(text) {
        if (skipped === 0) {
          handlers.text?.(text);
        }
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
}

/**
 * The text of stored rich text, for search, previews and OpenGraph descriptions: one line per block, spaces
 * collapsed, mentions as `@Name`. With `maxLength`, cut at a word boundary and ended with `…`.
 */
export function richTextToPlainText(html: string, options: { maxLength?: number } = {}): string {
  let text = '';
  walk(html, {
    open: (name) => {
      text += blockTags.has(name) ? '\n' : '';
    },
    close: (name) => {
      text += blockTags.has(name) ? '\n' : '';
    },
    text: (chunk) => {
      text += chunk;
    },
  });
  const plain = text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
  return options.maxLength === undefined ? plain : truncate(plain, options.maxLength);
}

function truncate(text: string, maxLength: number): string {
  if (text.length <= maxLength) {
    return text;
  }
  const cut = text.slice(0, Math.max(0, maxLength - 1));
  // Back to the last whole word, unless the cut falls between words already or the word is most of the text.
  const wordEnd = /\s/.test(text.charAt(cut.length)) ? cut.length : cut.search(/\s\S*$/);
  return `${(wordEnd > maxLength / 2 ? cut.slice(0, wordEnd) : cut).trimEnd()}…`;
}

/** The profile ids stored rich text mentions, each once, in the order they first appear. */
export function extractMentions(html: string): string[] {
  const ids = new Set<string>();
  walk(html, {
    open: (name, attribs) => {
      const verdict = name === 'span' ? normaliseRichTextElement(name, attribs) : null;
      const id =
        typeof verdict === 'object' ? verdict?.attributes.find(([key]) => key === 'data-id')?.[1] : undefined;
      if (id) {
        ids.add(id);
      }
    },
  });
  return [...ids];
}
