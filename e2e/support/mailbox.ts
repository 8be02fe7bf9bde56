import { readFileSync } from 'node:fs';

/** A mail as the embedded server logs it when it keeps mails in the outbox (no SMTP_URL), attachments by name. */
export type LoggedMail = { to: string; subject: string; text: string; attachments?: string[] };

function serverLog(logFile?: string): string {
  const file = logFile ?? process.env.E2E_SERVER_LOG;
  if (!file) {
    throw new Error('E2E_SERVER_LOG is not set: run the journeys with e2e/playwright.config.ts');
  }
  return readFileSync(file, 'utf8');
}

function isLoggedMail(entry: unknown): entry is LoggedMail & { msg: string } {
  return (
    typeof entry === 'object' &&
    entry !== null &&
    'msg' in entry &&
    typeof entry.msg === 'string' &&
    entry.msg.startsWith('mail stored in the outbox') &&
    'to' in entry &&
    'text' in entry
  );
}

export function mailsTo(address: string, logFile?: string): LoggedMail[] {
  return serverLog(logFile)
    .split('\n')
    .flatMap((line) => {
      try {
        const entry: unknown = JSON.parse(line);
        return isLoggedMail(entry) && entry.to === address.toLowerCase() ? [entry] : [];
      } catch {
        return [];
      }
    });
}

/**
 * The mailbox of one address: `expectMail` waits for the next mail after the ones already counted, so a
 * journey reads the code of the step it just took, not an older one.
 */
export function mailbox(address: string, logFile?: string) {
  let seen = mailsTo(address, logFile).length;
  return {
    async nextMail(timeoutMs = 15_000): Promise<LoggedMail> {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const mails = mailsTo(address, logFile);
        if (mails.length > seen) {
          seen = mails.length;
          return mails[mails.length - 1]!;
        }
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
      throw new Error(`No mail to ${address} within ${timeoutMs} ms`);
    },
    async nextCode(): Promise<string> {
      const mail = await this.nextMail();
      const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
      if (!code) {
        throw new Error(`No six-digit code in the mail "${mail.subject}"`);
      }
      return code;
    },
    /** The path of the first link to this server in the next mail, e.g. `/auth/restore?login=…&code=…`. */
    async nextLinkPath(pathPrefix: string): Promise<string> {
      const mail = await this.nextMail();
      const link = [...mail.text.matchAll(/https?:\/\/\S+/g)]
        .map(([url]) => new URL(url))
        .find((url) => url.pathname.startsWith(pathPrefix));
      if (!link) {
        throw new Error(`No ${pathPrefix} link in the mail "${mail.subject}"`);
      }
      return `${link.pathname}${link.search}`;
    },
  };
}
