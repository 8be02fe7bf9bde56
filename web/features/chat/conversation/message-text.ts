/*
 * The composer is plain text; messages are rich text (the community's allow-list). Text becomes paragraphs (a
 * blank line between them), single line breaks `<br>`, everything else escaped; editing turns it back.
 */

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => escapes[char] ?? char);

/** What the composer holds, as a message body: `''` when there is nothing but white space. */
export function bodyOfText(text: string): string {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/^\n+|\n+$/g, ''))
    .filter((paragraph) => paragraph.trim().length > 0);
  return paragraphs
    .map((paragraph) => `<p>${paragraph.split('\n').map(escapeHtml).join('<br>')}</p>`)
    .join('');
}

/** A stored body as text for the composer (to edit it): paragraphs and line breaks kept, markup dropped. */
export function textOfBody(html: string): string {
  const marked = html.replace(/<br\s*\/?>/g, '\n').replace(/<\/(p|h[2-4]|li|blockquote)>/g, '</$1>\n\n');
  // A parsed document of its own has no window: nothing in it runs or loads.
  const parsed = new DOMParser().parseFromString(marked, 'text/html');
  return (parsed.body.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
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
