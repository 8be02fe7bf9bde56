import { brandOf, formatMinutes, renderMail, type MailTemplate } from './layout.ts';

export type SigninCodeParams = { code: string; expiresInMinutes: number; appName?: string };

export const signinCodeMail: MailTemplate<SigninCodeParams> = (params, language) => {
  const brand = brandOf(params.appName);
  const minutes = formatMinutes(params.expiresInMinutes, language);
  switch (language) {
    case 'de':
      return renderMail({
        language,
        brandName: brand,
        subject: `Ihr Anmeldecode für ${brand}`,
        heading: 'Ihr Anmeldecode',
        preheader: `Ihr Code für die Anmeldung bei ${brand}. Er ist ${minutes} gültig.`,
        blocks: [
          {
            kind: 'paragraph',
            text: `Sie möchten sich bei ${brand} anmelden. Geben Sie dazu diesen Code ein:`,
          },
          { kind: 'code', code: params.code },
          { kind: 'paragraph', text: `Der Code ist ${minutes} gültig.` },
          {
            kind: 'note',
            text: 'Wenn Sie diese Anmeldung nicht angefordert haben, können Sie diese E-Mail ignorieren. Geben Sie den Code niemals an andere weiter.',
          },
        ],
      });
    case 'en':
      return renderMail({
        language,
        brandName: brand,
        subject: `Your sign-in code for ${brand}`,
        heading: 'Your sign-in code',
        preheader: `Your code to sign in to ${brand}. It is valid for ${minutes}.`,
        blocks: [
          { kind: 'paragraph', text: `Enter this code to sign in to ${brand}:` },
          { kind: 'code', code: params.code },
          { kind: 'paragraph', text: `The code is valid for ${minutes}.` },
          {
            kind: 'note',
            text: 'If you did not try to sign in, you can ignore this email. Never share this code with anyone.',
          },
        ],
      });
  }
};
