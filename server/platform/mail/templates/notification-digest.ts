import { brandOf, renderMail, type MailTemplate } from './layout.ts';

/** What a member missed, daily or weekly (issue 16): the unread items not mailed yet. */
export type NotificationDigestParams = {
  appName: string;
  logoUrl?: string;
  period: 'daily' | 'weekly';
  items: { text: string; link: string }[];
  /** Unread items beyond those listed. */
  moreCount: number;
  /** The app's notifications page. */
  link: string;
  unsubscribeLink: string;
};

export const notificationDigestMail: MailTemplate<NotificationDigestParams> = (params, language) => {
  const app = brandOf(params.appName);
  const count = params.items.length + params.moreCount;
  switch (language) {
    case 'de':
      return renderMail({
        language,
        brandName: app,
        logoUrl: params.logoUrl,
        subject: `${count === 1 ? '1 Neuigkeit' : `${count} Neuigkeiten`} in ${app}`,
        heading: params.period === 'daily' ? 'Ihr Tag in Kürze' : 'Ihre Woche in Kürze',
        preheader: `Das haben Sie in ${app} verpasst.`,
        blocks: [
          { kind: 'paragraph', text: `Das haben Sie in ${app} verpasst:` },
          { kind: 'items', items: params.items },
          ...(params.moreCount > 0
            ? [{ kind: 'paragraph' as const, text: `… und ${params.moreCount} weitere.` }]
            : []),
          { kind: 'button', label: 'Alle Benachrichtigungen', link: params.link },
          {
            kind: 'link',
            text: `Sie erhalten diese Zusammenfassung ${params.period === 'daily' ? 'täglich' : 'wöchentlich'}.`,
            label: 'Abbestellen',
            link: params.unsubscribeLink,
          },
        ],
      });
    case 'en':
      return renderMail({
        language,
        brandName: app,
        logoUrl: params.logoUrl,
        subject: `${count === 1 ? '1 update' : `${count} updates`} in ${app}`,
        heading: params.period === 'daily' ? 'Your day at a glance' : 'Your week at a glance',
        preheader: `What you missed in ${app}.`,
        blocks: [
          { kind: 'paragraph', text: `What you missed in ${app}:` },
          { kind: 'items', items: params.items },
          ...(params.moreCount > 0
            ? [{ kind: 'paragraph' as const, text: `… and ${params.moreCount} more.` }]
            : []),
          { kind: 'button', label: 'All notifications', link: params.link },
          {
            kind: 'link',
            text: `You receive this digest ${params.period === 'daily' ? 'daily' : 'weekly'}.`,
            label: 'Unsubscribe',
            link: params.unsubscribeLink,
          },
        ],
      });
  }
};
