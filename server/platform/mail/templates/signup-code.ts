import { brandOf, formatMinutes, renderMail, type MailTemplate } from './layout.ts';

export type SignupCodeParams = { code: string; expiresInMinutes: number; appName?: string };

export const signupCodeMail: MailTemplate<SignupCodeParams> = (params, language) => {
  const brand = brandOf(params.appName);
  const minutes = formatMinutes(params.expiresInMinutes, language);
  switch (language) {
    case 'de':
      return renderMail({
        language,
        brandName: brand,
        subject: `Bestätigen Sie Ihre E-Mail-Adresse für ${brand}`,
        heading: 'Ihr Bestätigungscode',
        preheader: `Bestätigen Sie Ihre E-Mail-Adresse, um die Registrierung bei ${brand} abzuschließen.`,
        blocks: [
          {
            kind: 'paragraph',
            text: `vielen Dank für Ihre Registrierung bei ${brand}. Geben Sie diesen Code ein, um Ihre E-Mail-Adresse zu bestätigen:`,
          },
          { kind: 'code', code: params.code },
          { kind: 'paragraph', text: `Der Code ist ${minutes} gültig.` },
          {
            kind: 'note',
            text: 'Wenn Sie sich nicht registriert haben, können Sie diese E-Mail ignorieren.',
          },
        ],
      });
    case 'en':
      return renderMail({
        language,
        brandName: brand,
        subject: `Confirm your email address for ${brand}`,
        heading: 'Your confirmation code',
        preheader: `Confirm your email address to finish signing up for ${brand}.`,
        blocks: [
          {
            kind: 'paragraph',
            text: `Thank you for signing up for ${brand}. Enter this code to confirm your email address:`,
          },
          { kind: 'code', code: params.code },
          { kind: 'paragraph', text: `The code is valid for ${minutes}.` },
          { kind: 'note', text: 'If you did not sign up, you can ignore this email.' },
        ],
      });
  }
};
