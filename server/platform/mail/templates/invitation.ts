import { brandOf, renderMail, type MailTemplate } from './layout.ts';

export type InvitationParams = {
  inviterName?: string;
  appName: string;
  link: string;
  /** The app's logo address (`/api/apps/{id}/logo`), when it has one. */
  logoUrl?: string;
};

export const invitationMail: MailTemplate<InvitationParams> = (params, language) => {
  const app = brandOf(params.appName);
  const inviter = params.inviterName?.trim() || undefined;
  switch (language) {
    case 'de':
      return renderMail({
        language,
        brandName: app,
        logoUrl: params.logoUrl,
        subject: inviter ? `${inviter} hat Sie zu ${app} eingeladen` : `Einladung zu ${app}`,
        heading: `Einladung zu ${app}`,
        preheader: `Nehmen Sie die Einladung zu ${app} an.`,
        blocks: [
          {
            kind: 'paragraph',
            text: inviter
              ? `${inviter} hat Sie eingeladen, ${app} beizutreten.`
              : `Sie wurden eingeladen, ${app} beizutreten.`,
          },
          { kind: 'paragraph', text: 'Klicken Sie auf die Schaltfläche, um die Einladung anzunehmen.' },
          { kind: 'button', label: 'Einladung annehmen', link: params.link },
          {
            kind: 'note',
            text: 'Wenn Sie diese Einladung nicht erwartet haben, können Sie diese E-Mail ignorieren.',
          },
        ],
      });
    case 'en':
      return renderMail({
        language,
        brandName: app,
        logoUrl: params.logoUrl,
        subject: inviter ? `${inviter} invited you to ${app}` : `Invitation to ${app}`,
        heading: `Invitation to ${app}`,
        preheader: `Accept your invitation to ${app}.`,
        blocks: [
          {
            kind: 'paragraph',
            text: inviter
              ? `${inviter} has invited you to join ${app}.`
              : `You have been invited to join ${app}.`,
          },
          { kind: 'paragraph', text: 'Click the button to accept the invitation.' },
          { kind: 'button', label: 'Accept invitation', link: params.link },
          { kind: 'note', text: 'If you did not expect this invitation, you can ignore this email.' },
        ],
      });
  }
};
