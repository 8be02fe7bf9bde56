import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** Test support: a real SMTP server on loopback that keeps what it receives (DESIGN §8). */
export type ReceivedMessage = { envelopeTo: string[]; raw: string };

export type SmtpTestServer = {
  url: string;
  received: ReceivedMessage[];
  close(): Promise<void>;
};

export async function startSmtpTestServer(): Promise<SmtpTestServer> {
  const received: ReceivedMessage[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          envelopeTo: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type ParsedPart = { contentType: string; body: string };
export type ParsedMessage = { headers: Map<string, string>; parts: ParsedPart[] };

/**
 * Just enough MIME for our own mails (mailparser is not a dependency): unfolded, RFC 2047-decoded headers
 * and the leaf parts of a multipart message, their transfer encoding undone.
 */
export function parseMessage(raw: string): ParsedMessage {
  const { headers, body } = splitEntity(raw);
  return { headers, parts: leafParts(headers, body) };
}

function splitEntity(raw: string): { headers: Map<string, string>; body: string } {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) {
      headers.set(
        line.slice(0, colon).trim().toLowerCase(),
        decodeEncodedWords(line.slice(colon + 1).trim()),
      );
    }
  }
  return { headers, body };
}

function leafParts(headers: Map<string, string>, body: string): ParsedPart[] {
  const contentType = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (contentType.toLowerCase().startsWith('multipart/') && boundary) {
    const sections = body.split(`--${boundary}`).slice(1);
    return sections
      .filter((section) => !section.startsWith('--'))
      .flatMap((section) => {
        const part = splitEntity(section.replace(/^\n/, ''));
        return leafParts(part.headers, part.body);
      });
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  return [{ contentType: contentType.split(';')[0]!.trim().toLowerCase(), body: decodeBody(body, encoding) }];
}

function decodeBody(body: string, encoding: string): string {
  if (encoding === 'base64') {
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  if (encoding === 'quoted-printable') {
    return Buffer.from(quotedPrintableBytes(body.replace(/=\n/g, ''))).toString('utf8');
  }
  return body;
}

function quotedPrintableBytes(text: string, underscoreIsSpace = false): number[] {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    const hex = text.slice(i + 1, i + 3);
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else if (char === '_' && underscoreIsSpace) {
      bytes.push(0x20);
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return bytes;
}

const encodedWord = /=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g;

/** RFC 2047: `=?UTF-8?Q?...?=` and `=?UTF-8?B?...?=`; whitespace between two encoded words is not text. */
export function decodeEncodedWords(value: string): string {
  return value.replace(/(?:=\?[^?]+\?[QqBb]\?[^?]*\?=\s*)+/g, (run) => {
    const trailing = /\s*$/.exec(run)?.[0] ?? '';
    // Collect the bytes of all adjacent words first: a multi-byte character may be split between two words.
    const bytes = [...run.matchAll(encodedWord)].flatMap(([, , encoding, text = '']) =>
      encoding!.toUpperCase() === 'B' ? [...Buffer.from(text, 'base64')] : quotedPrintableBytes(text, true),
    );
    return Buffer.from(bytes).toString('utf8') + trailing;
  });
}
