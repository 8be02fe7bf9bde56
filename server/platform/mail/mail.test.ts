import { createServer } from 'node:net';
import pino, { type Logger } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languageValues } from '../../../contracts/language.ts';
import { createTestServer, type TestServer } from '../../test/test-server.ts';
import { workerJobs } from '../../worker.ts';
import { newId } from '../ids.ts';
import { loggerOptions } from '../logger.ts';
import { findMail, listOutbox } from './mail.repo.ts';
import {
  createMailer,
  mailDeliverJob,
  mailDeliverRetryLimit,
  type Mailer,
  type MailerConfig,
} from './mailer.ts';
import { parseMessage, startSmtpTestServer } from './smtp-test-server.ts';
import {
  mailTemplates,
  renderMailTemplate,
  type MailTemplateName,
  type MailTemplateParams,
} from './templates/index.ts';

const samples: { [Name in MailTemplateName]: MailTemplateParams[Name] } = {
  'signin-code': { code: '493817', expiresInMinutes: 15 },
  'signup-code': { code: '120934', expiresInMinutes: 15, appName: 'Grüne Wiese' },
  invitation: {
    inviterName: 'Jörg Müller',
    appName: 'Grüne Wiese',
    link: 'https://app.example.com/join/abc',
  },
  'reset-password': { link: 'https://app.example.com/reset/xyz', code: '482913', expiresInMinutes: 60 },
  'contact-change-code': { code: '774120', expiresInMinutes: 1 },
  'profile-deletion-code': { code: '660021', expiresInMinutes: 10, appName: 'Grüne Wiese' },
  'team-invitation': {
    inviterName: 'Jörg Müller',
    projectName: 'Grüne Wiese',
    link: 'https://app.example.com/projects?teamInvitation=abc',
  },
  notification: {
    appName: 'Grüne Wiese',
    sentence: 'Anna Schmidt und 4 weitere haben „Willkommen“ kommentiert',
    link: 'https://app.example.com/gruene-wiese/groups/g/start/p/willkommen',
    unsubscribeLink: 'https://app.example.com/projects/p1/unsubscribe/abc',
  },
  'notification-digest': {
    appName: 'Grüne Wiese',
    period: 'weekly',
    items: [{ text: 'Anna Schmidt gefällt Ihr Beitrag „Willkommen“', link: 'https://app.example.com/a' }],
    moreCount: 3,
    link: 'https://app.example.com/gruene-wiese/notifications',
    unsubscribeLink: 'https://app.example.com/projects/p1/unsubscribe/abd',
  },
  'ticket-warning': {
    appName: 'Grüne Wiese',
    number: 12,
    subject: 'Rechnung fehlt',
    clock: 'firstResponse',
    minutesLeft: 48,
    link: 'https://example.com/projects/p1/support/ticket/t1',
  },
  'event-confirmation': {
    appName: 'Grüne Wiese',
    eventName: 'Yoga am Abend',
    when: 'Dienstag, 27. Oktober 2026, 19:00–20:00 (Europe/Berlin)',
    whenForMember: 'Tuesday, 27 October 2026, 14:00–15:00 (America/New_York)',
    place: 'Gartenstraße 1, Berlin',
    joinLink: 'https://meet.example.com/yoga',
    link: 'https://app.example.com/gruene-wiese/events/yoga/view',
    reason: 'joined',
  },
  'event-reminder': {
    appName: 'Grüne Wiese',
    eventName: 'Yoga am Abend',
    when: 'Dienstag, 27. Oktober 2026, 19:00–20:00 (Europe/Berlin)',
    whenForMember: null,
    place: null,
    joinLink: 'https://meet.example.com/yoga',
    link: 'https://app.example.com/gruene-wiese/events/yoga/view',
    offsetSeconds: 3600,
  },
};
const templateNames = Object.keys(mailTemplates) as MailTemplateName[];
const from = 'Gemeinde <no-reply@example.com>';

describe('mail templates', () => {
  it('has a sample for every template', () => {
    expect(Object.keys(samples).sort()).toEqual([...templateNames].sort());
  });

  it.each(templateNames)('%s renders in German and English', (name) => {
    const [de, en] = languageValues.map((language) => renderMailTemplate(name, samples[name], language));
    for (const mail of [de!, en!]) {
      expect(mail.subject).not.toBe('');
      expect(mail.text).not.toBe('');
      expect(mail.html).toContain('<!DOCTYPE html>');
      expect(mail.subject).not.toMatch(/[\r\n]/);
    }
    // A notification's subject is its sentence, written in the recipient's language before it gets here.
    if (name !== 'notification') {
      expect(de!.subject).not.toBe(en!.subject);
    }
    expect(de!.html).toContain('lang="de"');
    // The copy addresses people formally.
    expect(de!.text).not.toMatch(/\b(du|dich|dir|dein|deine)\b/i);
    const code = (samples[name] as { code?: string }).code;
    if (code) {
      expect(de!.text).toContain(code);
      expect(en!.html).toContain(code);
    }
  });

  it.each(templateNames)('%s escapes every parameter in HTML', (name) => {
    const hostile = Object.fromEntries(
      Object.entries(samples[name]).map(([key, value]) => [
        key,
        /link$/i.test(key)
          ? 'https://example.com/a?x="><script>alert(1)</script>'
          : typeof value === 'string'
            ? '<script>alert(1)</script>'
            : value,
      ]),
    ) as MailTemplateParams[typeof name];
    for (const language of languageValues) {
      const mail = renderMailTemplate(name, hostile, language);
      expect(mail.html).not.toContain('<script');
      expect(mail.html).toContain('&lt;script&gt;');
    }
  });

  it('uses the product name unless an app name is given, and refuses non-web links', () => {
    expect(renderMailTemplate('signin-code', { code: '1', expiresInMinutes: 5 }, 'de').subject).toBe(
      'Ihr Anmeldecode für Gemeinde',
    );
    expect(
      renderMailTemplate('signin-code', { code: '1', expiresInMinutes: 5, appName: 'Yoga' }, 'en').subject,
    ).toBe('Your sign-in code for Yoga');
    expect(() =>
      renderMailTemplate('invitation', { appName: 'Yoga', link: 'javascript:alert(1)' }, 'de'),
    ).toThrow(/http/);
  });

  it('shows the app’s logo beside its name in the HTML part, in both languages', () => {
    const logoUrl = 'https://app.beispiel.de/api/apps/0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4e60/logo';
    for (const language of ['de', 'en'] as const) {
      const mail = renderMailTemplate(
        'invitation',
        { appName: 'Yoga', link: 'https://app.beispiel.de/yoga/auth/join/x', logoUrl },
        language,
      );
      expect(mail.html).toContain(`<img src="${logoUrl}"`);
      expect(mail.text).not.toContain(logoUrl);
    }
    expect(
      renderMailTemplate('invitation', { appName: 'Yoga', link: 'https://a.de/x' }, 'de').html,
    ).not.toContain('<img');
    expect(() =>
      renderMailTemplate(
        'invitation',
        { appName: 'Yoga', link: 'https://a.de/x', logoUrl: 'javascript:alert(1)' },
        'de',
      ),
    ).toThrow(/logo/);
  });
});

function captureLogger(): { logger: Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  // The production options, so the redaction rules apply as they would in a real deployment.
  const logger = pino(loggerOptions('debug'), {
    write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>),
  });
  return { logger, lines };
}

function uniqueAddress(): string {
  return `member-${newId()}@example.com`;
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('mailer', () => {
  let server: TestServer;
  const mailers: Mailer[] = [];
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(async () => {
    mailers.forEach((mailer) => mailer.close());
    await server?.close();
  });

  function mailerWith(config: MailerConfig, logger: Logger): Mailer {
    const mailer = createMailer({
      db: server.runtime.database.db,
      jobs: server.runtime.jobs,
      config,
      logger,
    });
    mailers.push(mailer);
    return mailer;
  }

  it('refuses an address that is not an email address', async () => {
    const mailer = mailerWith({ smtpUrl: undefined, from }, captureLogger().logger);
    for (const to of ['not-an-address', 'a@example.com\r\nBcc: b@example.com', '']) {
      await expect(
        mailer.send({ template: 'signin-code', params: samples['signin-code'], to, language: 'de' }),
      ).rejects.toThrow(/is not an email address/);
    }
  });

  it('stores and logs the mail when no SMTP server is configured', async () => {
    const { logger, lines } = captureLogger();
    const mailer = mailerWith({ smtpUrl: undefined, from }, logger);
    const to = uniqueAddress();
    const mailId = await mailer.send({
      template: 'signin-code',
      params: samples['signin-code'],
      to,
      language: 'de',
    });

    const queued = await findMail(server.runtime.database.db, mailId);
    expect(queued).toMatchObject({
      status: 'queued',
      toAddress: to,
      fromAddress: from,
      template: 'signin-code',
      language: 'de',
    });
    const { rows } = await server.runtime.database.sql.query<{ n: number }>(
      "select count(*)::int as n from pgboss.job where name = 'mail.deliver' and data->>'mailId' = $1",
      [mailId],
    );
    expect(rows[0]?.n).toBe(1);

    await mailer.deliver(mailId);
    await mailer.deliver(mailId); // a pg-boss retry after success changes nothing
    expect(await findMail(server.runtime.database.db, mailId)).toMatchObject({
      status: 'stored',
      attempts: 0,
      sentAt: null,
    });
    const logged = lines.filter((line) => line.mailId === mailId);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: 30, to, subject: 'Ihr Anmeldecode für Gemeinde' });
    expect(logged[0]!.text).toContain('493817');

    const outbox = await listOutbox(server.runtime.database.db, { to, limit: 10 });
    expect(outbox.map((row) => row.id)).toEqual([mailId]);
  });

  it('delivers through a real SMTP server and never logs the content', async () => {
    const smtp = await startSmtpTestServer();
    const { logger, lines } = captureLogger();
    const mailer = mailerWith({ smtpUrl: smtp.url, from }, logger);
    try {
      const to = uniqueAddress();
      const mailId = await mailer.send({
        template: 'signin-code',
        params: { code: '582046', expiresInMinutes: 10, appName: 'Grüne Wiese' },
        to,
        language: 'de',
      });
      await mailer.deliver(mailId);
      await mailer.deliver(mailId); // idempotent: not sent twice

      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]!.envelopeTo).toEqual([to]);
      const message = parseMessage(smtp.received[0]!.raw);
      expect(message.headers.get('to')).toBe(to);
      expect(message.headers.get('subject')).toBe('Ihr Anmeldecode für Grüne Wiese');
      const text = message.parts.find((part) => part.contentType === 'text/plain');
      const html = message.parts.find((part) => part.contentType === 'text/html');
      expect(text?.body).toContain('582046');
      expect(text?.body).toContain('Der Code ist 10 Minuten gültig.');
      expect(html?.body).toContain('582046');

      const row = await findMail(server.runtime.database.db, mailId);
      expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
      expect(row?.messageId).toBe(message.headers.get('message-id'));
      expect(row?.sentAt).toBeInstanceOf(Date);
      expect(JSON.stringify(lines)).not.toContain('582046');
    } finally {
      // The pooled connection first: the SMTP server waits for open connections before it closes.
      mailer.close();
      await smtp.close();
    }
  });

  it('delivers attachments as their own MIME parts and keeps them out of the headers', async () => {
    const smtp = await startSmtpTestServer();
    const mailer = mailerWith({ smtpUrl: smtp.url, from }, captureLogger().logger);
    try {
      const calendar = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nSUMMARY:Grüße\r\nEND:VCALENDAR\r\n';
      const mailId = await mailer.send({
        template: 'event-confirmation',
        params: samples['event-confirmation'],
        to: uniqueAddress(),
        language: 'de',
        headers: { 'X-Test': 'ja' },
        attachments: [
          {
            filename: 'termin.ics',
            contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
            content: calendar,
          },
        ],
      });
      await mailer.deliver(mailId);

      const raw = smtp.received[0]!.raw;
      const message = parseMessage(raw);
      expect(message.headers.get('x-test')).toBe('ja');
      expect([...message.headers.keys()].some((name) => name.includes('attachments'))).toBe(false);
      const file = message.parts.find((part) => part.contentType === 'text/calendar');
      expect(file?.body).toBe(calendar);
      expect(raw).toMatch(/method=PUBLISH/);
      expect(raw).toMatch(/filename=termin\.ics/);
      expect(message.parts.map((part) => part.contentType)).toEqual([
        'text/plain',
        'text/html',
        'text/calendar',
      ]);
    } finally {
      mailer.close();
      await smtp.close();
    }
  });

  it('counts failed attempts and marks the mail failed after the last retry', async () => {
    const { logger } = captureLogger();
    const mailer = mailerWith({ smtpUrl: `smtp://127.0.0.1:${await closedPort()}`, from }, logger);
    const mailId = await mailer.send({
      template: 'reset-password',
      params: samples['reset-password'],
      to: uniqueAddress(),
      language: 'en',
    });
    const job = mailDeliverJob(mailer);

    await expect(job.handler({ mailId }, { id: 'job-1', retryCount: 0 })).rejects.toThrow();
    const afterFirst = await findMail(server.runtime.database.db, mailId);
    expect(afterFirst).toMatchObject({ status: 'queued', attempts: 1 });
    expect(afterFirst?.lastError).toMatch(/ECONNREFUSED|connect/i);

    await expect(
      job.handler({ mailId }, { id: 'job-1', retryCount: mailDeliverRetryLimit }),
    ).rejects.toThrow();
    expect(await findMail(server.runtime.database.db, mailId)).toMatchObject({
      status: 'failed',
      attempts: 2,
      messageId: null,
    });
  });
});

describe('mail through the job queue', () => {
  let server: TestServer;
  let mailer: Mailer | undefined;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(async () => {
    await server?.close();
    mailer?.close();
  });

  it('a sent mail is stored by the worker within seconds', async () => {
    const { logger, lines } = captureLogger();
    const db = server.runtime.database.db;
    mailer = createMailer({ db, jobs: server.runtime.jobs, config: { smtpUrl: undefined, from }, logger });
    await server.runtime.jobs.work(workerJobs(server.workerDeps({ mailer })));

    const mailId = await mailer.send({
      template: 'invitation',
      params: samples.invitation,
      to: uniqueAddress(),
      language: 'en',
    });
    const deadline = Date.now() + 10_000;
    let status = (await findMail(db, mailId))?.status;
    while (status !== 'stored' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = (await findMail(db, mailId))?.status;
    }
    expect(status).toBe('stored');
    expect(
      lines.some(
        (line) => line.mailId === mailId && line.subject === 'Jörg Müller invited you to Grüne Wiese',
      ),
    ).toBe(true);
  });
});
