/*
 * Attachments of outbox mails. They are kept in the row's `headers` document under a key no header can have (a
 * field name never contains a colon, RFC 5322 §3.6.8), so the outbox needs no column of its own for the few
 * small text files we send (an event's `.ics`); delivery takes them out again before the headers are written.
 */

export type MailAttachment = {
  filename: string;
  /** With parameters, e.g. `text/calendar; charset=utf-8; method=PUBLISH`. */
  contentType: string;
  /** The file's text (UTF-8). */
  content: string;
};

const attachmentsKey = ':attachments';

/** The headers to store, with the attachments among them (none: the headers unchanged). */
export function withAttachments(
  headers: Record<string, string>,
  attachments: readonly MailAttachment[],
): Record<string, string> {
  if (attachments.length === 0) {
    return headers;
  }
  return { ...headers, [attachmentsKey]: JSON.stringify(attachments) };
}

/** The stored headers parted into the real headers and the attachments. */
export function splitAttachments(stored: Record<string, string>): {
  headers: Record<string, string>;
  attachments: MailAttachment[];
} {
  const { [attachmentsKey]: kept, ...headers } = stored;
  return { headers, attachments: kept === undefined ? [] : (JSON.parse(kept) as MailAttachment[]) };
}
