import { renderMail, type MailTemplate } from './layout.ts';

/** An invitation to work on a project's team; the link opens the projects list with Accept / Decline. */
export type TeamInvitationParams = { inviterName?: string; projectName: string; link: string };

export const teamInvitationMail: MailTemplate<TeamInvitationParams> = (params, language) => {
  const project = params.projectName.trim();
  const inviter = params.inviterName?.trim() || undefined;
  switch (language) {
    case 'de':
      return renderMail({
        language,
        brandName: undefined,
        subject: inviter
          ? `${inviter} hat Sie in das Team von ${project} eingeladen`
          : `Einladung in das Team von ${project}`,
        heading: 'Einladung in ein Projektteam',
        preheader: `Arbeiten Sie im Projekt ${project} mit.`,
        blocks: [
          {
            kind: 'paragraph',
            text: inviter
              ? `${inviter} hat Sie eingeladen, im Team des Projekts ${project} mitzuarbeiten.`
              : `Sie wurden eingeladen, im Team des Projekts ${project} mitzuarbeiten.`,
          },
          {
            kind: 'paragraph',
            text: 'Melden Sie sich mit dieser E-Mail-Adresse an, um die Einladung anzunehmen oder abzulehnen.',
          },
          { kind: 'button', label: 'Einladung ansehen', link: params.link },
          {
            kind: 'note',
            text: 'Wenn Sie diese Einladung nicht erwartet haben, können Sie diese E-Mail ignorieren.',
          },
        ],
      });
    case 'en':
      return renderMail({
        language,
        brandName: undefined,
        subject: inviter
          ? `${inviter} invited you to the team of ${project}`
          : `Invitation to the team of ${project}`,
        heading: 'Invitation to a project team',
        preheader: `Work with the team of ${project}.`,
        blocks: [
          {
            kind: 'paragraph',
            text: inviter
              ? `${inviter} has invited you to work on the team of the project ${project}.`
              : `You have been invited to work on the team of the project ${project}.`,
          },
          {
            kind: 'paragraph',
            text: 'Sign in with this email address to accept or decline the invitation.',
          },
          { kind: 'button', label: 'View invitation', link: params.link },
          { kind: 'note', text: 'If you did not expect this invitation, you can ignore this email.' },
        ],
      });
  }
};
