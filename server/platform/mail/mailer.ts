import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { Logger } from 'pino';
import type { Language } from '../../../contracts/language.ts';
import { isEmail } from '../../../contracts/validation/patterns.ts';
import type { Db } from '../../db/client.ts';
import { newId } from '../ids.ts';
import { outboxMailMessage } from '../logger.ts';
import { platformQueues, type JobDefinition, type Jobs } from '../jobs.ts';
import {
  findMail,
  insertMail,
  markMailSent,
  markMailStored,
  markMailUnqueued,
  recordMailFailure,
} from './mail.repo.ts';
import { splitAttachments, withAttachments, type MailAttachment } from './attachments.ts';
import { renderMailTemplate, type MailTemplateName, type MailTemplateParams } from './templates/index.ts';

export type { MailAttachment } from './attachments.ts';

export type MailerConfig = {
  /** smtp:// or smtps:// URL; without it mails stay in the outbox and are logged (embedded mode). */
  smtpUrl: string | undefined;
  from: string;
};

export type MailerDeps = {
  db: Db;
  jobs: Pick<Jobs, 'send'>;
  config: MailerConfig;
  logger: Logger;
};

export type OutgoingMail<Name extends MailTemplateName> = {
  template: Name;
  params: MailTemplateParams[Name];
  to: string;
  language: Language;
  projectId?: string | null;
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post of notification mails). */
  headers?: Record<string, string>;
  /** Files sent along (an event's `.ics`), small text only: they are kept with the outbox row. */
  attachments?: MailAttachment[];
};

/** Which pg-boss attempt this is; on the last one a failure marks the mail 'failed'. */
export type DeliveryAttempt = { retryCount: number; retryLimit: number };

export type Mailer = {
  /** Renders and stores the mail, then queues its delivery. Call it after the surrounding transaction commits. */
  send<Name extends MailTemplateName>(mail: OutgoingMail<Name>): Promise<string>;
  /** The `mail.deliver` job body. Safe to run again: a mail already sent or stored is left alone. */
  deliver(mailId: string, attempt?: DeliveryAttempt): Promise<void>;
  close(): void;
};

export const mailDeliverRetryLimit = platformQueues['mail.deliver'].retryLimit;
export type MailDeliverJobData = { mailId: string };

export function createMailer(deps: MailerDeps): Mailer {
  const { db, jobs, config, logger } = deps;
  // One pooled transport for the process: SMTP connections are reused across deliveries.
  const transport: Transporter<SMTPTransport.SentMessageInfo> | undefined = config.smtpUrl
    ? nodemailer.createTransport(withPool(config.smtpUrl))
    : undefined;

  return {
    async send(mail) {
      if (!isEmail(mail.to)) {
        throw new Error(
          `Cannot send mail "${mail.template}": ${JSON.stringify(mail.to)} is not an email address`,
        );
      }
      const rendered = renderMailTemplate(mail.template, mail.params, mail.language);
      const row = await insertMail(db, {
        id: newId(),
        projectId: mail.projectId ?? null,
        template: mail.template,
        language: mail.language,
        toAddress: mail.to,
        fromAddress: config.from,
        headers: withAttachments(mail.headers ?? {}, mail.attachments ?? []),
        ...rendered,
      });
      try {
        await jobs.send<MailDeliverJobData>('mail.deliver', { mailId: row.id });
      } catch (error) {
        await markMailUnqueued(db, row.id, `not queued: ${errorMessage(error)}`).catch(() => undefined);
        throw error;
      }
      return row.id;
    },

    async deliver(mailId, attempt = { retryCount: 0, retryLimit: mailDeliverRetryLimit }) {
      const mail = await findMail(db, mailId);
      if (!mail) {
        // Retrying cannot make a missing row appear; failing the job would only add noise.
        logger.warn({ mailId }, 'mail to deliver not found in the outbox');
        return;
      }
      if (mail.status === 'sent' || mail.status === 'stored') {
        return;
      }
      if (!transport) {
        await markMailStored(db, mail.id);
        // On purpose with the text: DESIGN §8, the embedded mode has no mail server, so the log is how a
        // new user reads their sign-in code. Never logged when SMTP is configured.
        // The attachments by name only: a reader (and the browser journeys) sees that the .ics came along.
        const attachments = splitAttachments(mail.headers).attachments.map((file) => file.filename);
        logger.info(
          { mailId: mail.id, to: mail.toAddress, subject: mail.subject, text: mail.text, attachments },
          outboxMailMessage,
        );
        return;
      }
      try {
        const { headers, attachments } = splitAttachments(mail.headers);
        const info = await transport.sendMail({
          from: mail.fromAddress,
          to: mail.toAddress,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          headers,
          attachments: attachments.map((file) => ({
            filename: file.filename,
            contentType: file.contentType,
            content: file.content,
          })),
        });
        await markMailSent(db, mail.id, info.messageId);
        logger.debug({ mailId: mail.id, messageId: info.messageId }, 'mail sent');
      } catch (error) {
        const final = attempt.retryCount >= attempt.retryLimit;
        await recordMailFailure(db, mail.id, errorMessage(error), final);
        if (final) {
          logger.error({ mailId: mail.id, err: error }, 'mail delivery failed for good; no retries left');
        }
        throw error;
      }
    },

    close() {
      transport?.close();
    },
  };
}

/** The pg-boss job that delivers one outbox mail; retried with backoff while the SMTP server is unreachable. */
export function mailDeliverJob(mailer: Mailer): JobDefinition<MailDeliverJobData> {
  return {
    name: 'mail.deliver',
    handler: async (data, job) => {
      await mailer.deliver(data.mailId, { retryCount: job.retryCount, retryLimit: mailDeliverRetryLimit });
    },
  };
}

/**
 * nodemailer ignores other options when given a URL and reads them from its query instead, so pooling goes
 * there too (unless the URL already decides it).
 */
function withPool(smtpUrl: string): string {
  if (/[?&]pool=/.test(smtpUrl)) {
    return smtpUrl;
  }
  return `${smtpUrl}${smtpUrl.includes('?') ? '&' : '?'}pool=true`;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
