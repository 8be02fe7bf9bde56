/*
 * The composer is plain text; messages are rich text (the community's allow-list). Text becomes paragraphs (a
 * blank line between them), single line breaks `<br>`, picked `@` mentions mention elements, everything else
 * escaped; editing turns it back.
 */

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => escapes[char] ?? char);

/** A member the composer's text mentions: written `@Label` in the text, sent as the allow-list's mention. */
export type TextMention = { id: string; label: string };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One escaped line with each `@Label` of a kept mention as its mention element. */
function lineWithMentions(line: string, mentions: readonly TextMention[]): string {
  const escaped = escapeHtml(line);
  if (mentions.length === 0) {
    return escaped;
  }
  // Longest labels first, so "@Anna Berg" wins over "@Anna"; labels are escaped like the text around them.
  const byLabel = new Map(mentions.map((mention) => [escapeHtml(`@${mention.label}`), mention]));
  const pattern = new RegExp(
    [...byLabel.keys()]
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join('|'),
    'g',
  );
  return escaped.replace(pattern, (written) => {
    const mention = byLabel.get(written)!;
    return `<span data-type="mention" data-id="${mention.id}" data-label="${escapeHtml(mention.label)}">${written}</span>`;
  });
}

/**
 * What the composer holds, as a message body: `''` when there is nothing but white space. A mention picked
 * from the `@` list becomes the allow-list's mention element where its `@Label` still stands in the text.
 */
export function bodyOfText(text: string, mentions: readonly TextMention[] = []): string {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/^\n+|\n+$/g, ''))
    .filter((paragraph) => paragraph.trim().length > 0);
  return paragraphs
    .map(
      (paragraph) =>
        `<p>${paragraph
          .split('\n')
          .map((line) => lineWithMentions(line, mentions))
          .join('<br>')}</p>`,
    )
    .join('');
}

/** A stored body as text for the composer (to edit it): paragraphs and line breaks kept, markup dropped. */
export function textOfBody(html: string): string {
  const marked = html.replace(/<br\s*\/?>/g, '\n').replace(/<\/(p|h[2-4]|li|blockquote)>/g, '</$1>\n\n');
  // A parsed document of its own has no window: nothing in it runs or loads.
  const parsed = new DOMParser().parseFromString(marked, 'text/html');
  return (parsed.body.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
}

/** The mentions of a stored body, each once (to edit it: the composer keeps them while their names stand). */
export function mentionsOfBody(html: string): TextMention[] {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  const found = new Map<string, TextMention>();
  parsed.body.querySelectorAll('span[data-type="mention"][data-id]').forEach((element) => {
    const id = element.getAttribute('data-id')!;
    const label = element.getAttribute('data-label') ?? element.textContent?.replace(/^@/, '') ?? '';
    if (label && !found.has(id)) {
      found.set(id, { id, label });
    }
  });
  return [...found.values()];
}

/** The `@…` being typed right before the caret, if any: where its `@` stands and what follows it. */
export function mentionQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = /(^|\s)@([^\s@]{0,30})$/.exec(before);
  return match ? { start: caret - match[2]!.length - 1, query: match[2]! } : null;
}

/** The text with the typed `@…` (from `start` to the caret) replaced by `@Label `, and where the caret goes. */
export function insertMention(
  text: string,
  start: number,
  caret: number,
  label: string,
): { text: string; caret: number } {
  const written = `@${label} `;
  return { text: text.slice(0, start) + written + text.slice(caret), caret: start + written.length };
}

/**
 * A message's client id: `crypto.randomUUID()`, which browsers offer only on secure origins; elsewhere (an
 * intranet served over plain HTTP) the same kind of id, a UUID v4, from `crypto.getRandomValues`.
 */
export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') {
    return crypto.randomUUID();
  }
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
