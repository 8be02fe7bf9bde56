import { brandOf, formatMinutes, renderMail, type MailTemplate } from './layout.ts';

/** `code` is the same one-time code the link carries, for typing it in on the reset screen. */
export type ResetPasswordParams = { link: string; code: string; expiresInMinutes: number; appName?: string };

export const resetPasswordMail: MailTemplate<ResetPasswordParams> = (params, language) => {
  const brand = brandOf(params.appName);
  const minutes = formatMinutes(params.expiresInMinutes, language);
  switch (language) {
    case 'de':
      return renderMail({
        language,
        brandName: brand,
        subject: `Ihr Passwort bei ${brand} zurücksetzen`,
        heading: 'Passwort zurücksetzen',
        preheader: `Legen Sie ein neues Passwort für ${brand} fest.`,
        blocks: [
          {
            kind: 'paragraph',
            text: `Sie haben angefordert, Ihr Passwort bei ${brand} zurückzusetzen. Über die folgende Schaltfläche legen Sie ein neues Passwort fest.`,
          },
          { kind: 'button', label: 'Neues Passwort festlegen', link: params.link },
          { kind: 'paragraph', text: 'Oder geben Sie diesen Code auf der Seite zum Zurücksetzen ein:' },
          { kind: 'code', code: params.code },
          { kind: 'paragraph', text: `Link und Code sind ${minutes} gültig.` },
          {
            kind: 'note',
            text: 'Wenn Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren. Ihr Passwort bleibt dann unverändert.',
          },
        ],
      });
    case 'en':
      return renderMail({
        language,
        brandName: brand,
        subject: `Reset your ${brand} password`,
        heading: 'Reset your password',
        preheader: `Choose a new password for ${brand}.`,
        blocks: [
          {
            kind: 'paragraph',
            text: `You asked to reset your password for ${brand}. Use the button below to choose a new password.`,
          },
          { kind: 'button', label: 'Choose a new password', link: params.link },
          { kind: 'paragraph', text: 'Or enter this code on the reset page:' },
          { kind: 'code', code: params.code },
          { kind: 'paragraph', text: `The link and the code are valid for ${minutes}.` },
          {
            kind: 'note',
            text: 'If you did not request this, you can ignore this email. Your password will stay unchanged.',
          },
        ],
      });
  }
};
