import { useState } from 'react';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { RouterApp } from '../../../contracts/router';
import { CurrentAppContext } from '../../kernel/current-app';
import { callsTo, json, signInForTest, stubFetch, testApp } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { emptyRequestDraft, RequestForm, suggestionText } from './request-form';
import type { Ticket } from './tickets-api';
import {
  invoiceArticle,
  openedAnswer,
  requestingMember,
  requestTicket,
  ticketsPath,
} from './request-test-data';

function Form({ onOpened }: { onOpened: (ticket: Ticket) => void }) {
  const [draft, setDraft] = useState(emptyRequestDraft);
  return <RequestForm draft={draft} onDraftChange={setDraft} onOpened={onOpened} />;
}

function renderForm(app: RouterApp = requestingMember) {
  signInForTest();
  const onOpened = vi.fn<(ticket: Ticket) => void>();
  renderWithProviders(
    <CurrentAppContext value={app}>
      <Form onOpened={onOpened} />
    </CurrentAppContext>,
  );
  return { onOpened };
}

// The required fields' labels end in a hidden asterisk: found by their accessible names.
const field = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name });
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });

describe('request form', () => {
  it('says which fields are missing and sends nothing', async () => {
    const fetchMock = stubFetch({});
    renderForm({ ...requestingMember, services: { ...testApp.services, helpdesk: false } });
    fireEvent.click(screen.getByRole('button', { name: 'Anfrage senden' }));
    expect(await screen.findAllByText('Bitte füllen Sie dieses Feld aus.')).toHaveLength(2);

    // Blanks are no subject; the message still misses.
    type('Betreff', '   ');
    type('Ihre Nachricht', 'Wo finde ich meine Rechnung?');
    fireEvent.click(screen.getByRole('button', { name: 'Anfrage senden' }));
    expect(await screen.findAllByText('Bitte füllen Sie dieses Feld aus.')).toHaveLength(1);
    expect(field('Betreff').getAttribute('aria-invalid')).toBe('true');
    expect(field('Ihre Nachricht').getAttribute('aria-invalid')).not.toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the subject and the message as paragraphs, then hands the new request on', async () => {
    const ticket = requestTicket(7);
    const fetchMock = stubFetch({ [`POST ${ticketsPath}`]: openedAnswer(ticket) });
    const { onOpened } = renderForm({
      ...requestingMember,
      services: { ...testApp.services, helpdesk: false },
    });
    type('Betreff', '  Rechnung fehlt ');
    type('Ihre Nachricht', 'Wo finde ich sie?\nIm Konto nicht.\n\nDanke <3');
    fireEvent.click(screen.getByRole('button', { name: 'Anfrage senden' }));

    await vi.waitFor(() => expect(onOpened).toHaveBeenCalledWith(ticket));
    expect(callsTo(fetchMock, `POST ${ticketsPath}`)).toEqual([
      { subject: 'Rechnung fehlt', body: '<p>Wo finde ich sie?<br>Im Konto nicht.</p><p>Danke &lt;3</p>' },
    ]);
  });

  it('says so when the member already has as many open requests as the app allows', async () => {
    stubFetch({
      [`POST ${ticketsPath}`]: () =>
        json(409, {
          code: 'TICKET_LIMIT_REACHED',
          message: 'errors.TICKET_LIMIT_REACHED',
          details: { limit: 3 },
        }),
    });
    const { onOpened } = renderForm({
      ...requestingMember,
      services: { ...testApp.services, helpdesk: false },
    });
    type('Betreff', 'Noch eine Frage');
    type('Ihre Nachricht', 'Und noch etwas.');
    fireEvent.click(screen.getByRole('button', { name: 'Anfrage senden' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Sie haben bereits so viele offene Anfragen, wie diese App erlaubt. Warten Sie bitte, bis eine davon erledigt ist.',
    );
    expect(onOpened).not.toHaveBeenCalled();
    // What the member wrote stays for later.
    expect(field('Betreff').value).toBe('Noch eine Frage');
  });

  it('suggests help-desk articles for the subject and the message’s beginning together', async () => {
    const asked: string[] = [];
    stubFetch({
      [`GET /api/apps/${testApp.id}/helpdesk/search`]: (_, url) => {
        asked.push(url.searchParams.get('q') ?? '');
        return json(200, { data: [invoiceArticle] });
      },
    });
    renderForm();
    type('Betreff', 'Rechnung');
    type('Ihre Nachricht', 'Wo kann ich sie\nherunterladen?');

    const suggestions = await screen.findByTestId('ticket-suggestions');
    const link = within(suggestions).getByRole('link', { name: 'Rechnungen herunterladen' });
    expect(link.getAttribute('href')).toBe('/akademie/helpdesk/konto/rechnungen-herunterladen');
    expect(within(suggestions).getByText('Rechnungen').tagName).toBe('MARK');
    // Debounced: the finished text is asked, in one line.
    expect(asked.at(-1)).toBe('Rechnung Wo kann ich sie herunterladen?');
  });

  it('asks the help desk with at most 200 characters', () => {
    expect(suggestionText({ subject: ' Kurs ', body: '' })).toBe('Kurs');
    expect(suggestionText({ subject: '', body: '  Wo\n\nist er?' })).toBe('Wo ist er?');
    expect(suggestionText({ subject: 'Kurs', body: 'x'.repeat(400) })).toHaveLength(200);
  });
});
