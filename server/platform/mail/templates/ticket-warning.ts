import { renderMail, type MailTemplate } from './layout.ts';

/**
 * A support ticket's clock reached 80 % of its target (issue 20): the app's team is told once per clock, with a
 * link to the ticket on the service host.
 */
export type TicketWarningParams = {
  appName: string;
  number: number;
  subject: string;
  clock: 'firstResponse' | 'resolution';
  /** Minutes left until the target (0 when it is due now). */
  minutesLeft: number;
  link: string;
};

export const ticketWarningMail: MailTemplate<TicketWarningParams> = (params, language) => {
  const ticket = `#${params.number} „${params.subject.trim()}“`;
  switch (language) {
    case 'de': {
      const what = params.clock === 'firstResponse' ? 'die erste Antwort' : 'die Lösung';
      return renderMail({
        language,
        brandName: params.appName,
        subject: `Anfrage #${params.number}: Zielzeit für ${what} fast erreicht`,
        heading: 'Eine Anfrage wartet auf Sie',
        preheader: `Noch ${params.minutesLeft} Minuten bis zur Zielzeit.`,
        blocks: [
          {
            kind: 'paragraph',
            text: `Die Anfrage ${ticket} in ${params.appName} hat 80 % der Zielzeit für ${what} erreicht. Es bleiben noch ${params.minutesLeft} Minuten.`,
          },
          { kind: 'button', label: 'Anfrage öffnen', link: params.link },
        ],
      });
    }
    case 'en': {
      const what = params.clock === 'firstResponse' ? 'the first response' : 'the resolution';
      return renderMail({
        language,
        brandName: params.appName,
        subject: `Request #${params.number}: target for ${what} almost reached`,
        heading: 'A request is waiting for you',
        preheader: `${params.minutesLeft} minutes left until the target.`,
        blocks: [
          {
            kind: 'paragraph',
            text: `The request #${params.number} “${params.subject.trim()}” in ${params.appName} has used 80 % of the target time for ${what}. ${params.minutesLeft} minutes are left.`,
          },
          { kind: 'button', label: 'Open request', link: params.link },
        ],
      });
    }
  }
};
