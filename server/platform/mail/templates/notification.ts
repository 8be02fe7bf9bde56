import { brandOf, renderMail, type MailTemplate } from './layout.ts';

/** One notification by mail (issue 16), sent after its hold when it is still unread. */
export type NotificationMailParams = {
  appName: string;
  logoUrl?: string;
  /** The notification's sentence (server/features/notifications/notification-texts.ts), in the mail's language. */
  sentence: string;
  /** A second line, e.g. a moderator's reason. */
  detail?: string;
  link: string;
  /** The unsubscribe page (the same hash serves the one-click `List-Unsubscribe` header). */
  unsubscribeLink: string;
};

export const notificationMail: MailTemplate<NotificationMailParams> = (params, language) => {
  const app = brandOf(params.appName);
  const detail = params.detail ? [{ kind: 'paragraph' as const, text: params.detail }] : [];
  switch (language) {
    case 'de':
      return renderMail({
        language,
        brandName: app,
        logoUrl: params.logoUrl,
        subject: params.sentence,
        heading: `Neues in ${app}`,
        preheader: params.sentence,
        blocks: [
          { kind: 'paragraph', text: `${params.sentence}.` },
          ...detail,
          { kind: 'button', label: 'Ansehen', link: params.link },
          {
            kind: 'link',
            text: `Sie erhalten diese E-Mail, weil Sie Benachrichtigungen von ${app} per E-Mail erhalten.`,
            label: 'Abmelden',
            link: params.unsubscribeLink,
          },
        ],
      });
    case 'en':
      return renderMail({
        language,
        brandName: app,
        logoUrl: params.logoUrl,
        subject: params.sentence,
        heading: `New in ${app}`,
        preheader: params.sentence,
        blocks: [
          { kind: 'paragraph', text: `${params.sentence}.` },
          ...detail,
          { kind: 'button', label: 'View', link: params.link },
          {
            kind: 'link',
            text: `You receive this email because you get notifications from ${app} by email.`,
            label: 'Unsubscribe',
            link: params.unsubscribeLink,
          },
        ],
      });
  }
};
