import { brandOf, formatMinutes, renderMail, type MailTemplate } from './layout.ts';

export type ProfileDeletionCodeParams = { code: string; expiresInMinutes: number; appName: string };

/** Confirms that a member really wants to delete their profile in one app; deletion cannot be undone. */
export const profileDeletionCodeMail: MailTemplate<ProfileDeletionCodeParams> = (params, language) => {
  const brand = brandOf(params.appName);
  const minutes = formatMinutes(params.expiresInMinutes, language);
  switch (language) {
    case 'de':
      return renderMail({
        language,
        brandName: brand,
        subject: `Löschung Ihres Profils bei ${brand} bestätigen`,
        heading: 'Profil löschen',
        preheader: `Bestätigen Sie die Löschung Ihres Profils bei ${brand}.`,
        blocks: [
          {
            kind: 'paragraph',
            text: `Sie haben angefordert, Ihr Profil bei ${brand} zu löschen. Geben Sie diesen Code ein, um die Löschung zu bestätigen:`,
          },
          { kind: 'code', code: params.code },
          {
            kind: 'paragraph',
            text: `Der Code ist ${minutes} gültig. Die Löschung kann nicht rückgängig gemacht werden.`,
          },
          {
            kind: 'note',
            text: 'Wenn Sie die Löschung nicht angefordert haben, können Sie diese E-Mail ignorieren. Ihr Profil bleibt dann bestehen.',
          },
        ],
      });
    case 'en':
      return renderMail({
        language,
        brandName: brand,
        subject: `Confirm the deletion of your ${brand} profile`,
        heading: 'Delete your profile',
        preheader: `Confirm the deletion of your profile in ${brand}.`,
        blocks: [
          {
            kind: 'paragraph',
            text: `You asked to delete your profile in ${brand}. Enter this code to confirm the deletion:`,
          },
          { kind: 'code', code: params.code },
          { kind: 'paragraph', text: `The code is valid for ${minutes}. The deletion cannot be undone.` },
          {
            kind: 'note',
            text: 'If you did not request the deletion, you can ignore this email. Your profile will be kept.',
          },
        ],
      });
  }
};
