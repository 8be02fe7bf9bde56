import { brandOf, formatMinutes, renderMail, type MailTemplate } from './layout.ts';

export type ContactChangeCodeParams = { code: string; expiresInMinutes: number; appName?: string };

/** Sent to the new address when an account changes its email address, to prove the address is theirs. */
export const contactChangeCodeMail: MailTemplate<ContactChangeCodeParams> = (params, language) => {
  const brand = brandOf(params.appName);
  const minutes = formatMinutes(params.expiresInMinutes, language);
  switch (language) {
    case 'de':
      return renderMail({
        language,
        brandName: brand,
        subject: 'Bestätigen Sie Ihre neue E-Mail-Adresse',
        heading: 'Neue E-Mail-Adresse bestätigen',
        preheader: `Bestätigen Sie die neue E-Mail-Adresse Ihres Kontos bei ${brand}.`,
        blocks: [
          {
            kind: 'paragraph',
            text: `Sie möchten die E-Mail-Adresse Ihres Kontos bei ${brand} ändern. Geben Sie diesen Code ein, um die neue Adresse zu bestätigen:`,
          },
          { kind: 'code', code: params.code },
          { kind: 'paragraph', text: `Der Code ist ${minutes} gültig.` },
          {
            kind: 'note',
            text: 'Wenn Sie diese Änderung nicht angefordert haben, können Sie diese E-Mail ignorieren. Ihre bisherige Adresse bleibt dann unverändert.',
          },
        ],
      });
    case 'en':
      return renderMail({
        language,
        brandName: brand,
        subject: 'Confirm your new email address',
        heading: 'Confirm your new email address',
        preheader: `Confirm the new email address of your ${brand} account.`,
        blocks: [
          {
            kind: 'paragraph',
            text: `You asked to change the email address of your ${brand} account. Enter this code to confirm the new address:`,
          },
          { kind: 'code', code: params.code },
          { kind: 'paragraph', text: `The code is valid for ${minutes}.` },
          {
            kind: 'note',
            text: 'If you did not request this change, you can ignore this email. Your current address will stay as it is.',
          },
        ],
      });
  }
};
