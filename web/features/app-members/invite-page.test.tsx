import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, json, signInForTest, stubFetch } from '../../test/fixtures';
import { InvitePage } from './invite-page';
import { member, paths, renderInSettings, tagsRoute } from './members-test-data';

const submit = () => fireEvent.click(screen.getByTestId('invite-submit'));

describe('invite form', () => {
  it('needs a valid address before anything is sent', async () => {
    signInForTest();
    const fetchMock = stubFetch({ [`GET ${paths.tags}`]: tagsRoute([]) });
    renderInSettings(<InvitePage />, '/invite');
    await screen.findByTestId('invite-form');

    submit();
    expect(await screen.findByText('Bitte füllen Sie dieses Feld aus.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/E-Mail-Adresse/), { target: { value: 'anna.beispiel.de' } });
    submit();
    expect(await screen.findByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeTruthy();
    expect(callsTo(fetchMock, `POST ${paths.invite}`)).toHaveLength(0);
  }, 15_000);

  it('sends the form and confirms the invitation', async () => {
    signInForTest();
    const fetchMock = stubFetch({
      [`GET ${paths.tags}`]: tagsRoute([]),
      [`POST ${paths.invite}`]: () =>
        json(201, {
          data: member(7, {
            type: 'invited',
            firstName: 'Greta',
            lastName: 'Lang',
            email: 'greta@beispiel.de',
          }),
        }),
      [`GET ${paths.profiles}`]: () => json(200, { data: [], meta: { page: 1, pages: 0, total: 0 } }),
    });
    renderInSettings(<InvitePage />, '/invite');
    fireEvent.change(await screen.findByLabelText(/E-Mail-Adresse/), {
      target: { value: ' Greta@Beispiel.de ' },
    });
    fireEvent.change(screen.getByLabelText('Vorname'), { target: { value: 'Greta' } });
    fireEvent.change(screen.getByLabelText('Nachname'), { target: { value: 'Lang' } });
    fireEvent.click(screen.getByRole('switch', { name: /Als Admin einladen/ }));
    submit();

    const notice = await screen.findByTestId('invite-success');
    expect(within(notice).getByText('Einladung gesendet')).toBeTruthy();
    expect(within(notice).getByText(/greta@beispiel\.de/)).toBeTruthy();
    expect(callsTo(fetchMock, `POST ${paths.invite}`)).toEqual([
      {
        email: 'greta@beispiel.de',
        firstName: 'Greta',
        lastName: 'Lang',
        tagIds: [],
        moderatorGroupIds: [],
        moderatorSpaceIds: [],
        planIds: [],
        isAdmin: true,
        isInvited: true,
      },
    ]);
    // The form is empty again for the next person.
    expect(screen.getByLabelText<HTMLInputElement>(/E-Mail-Adresse/).value).toBe('');
  }, 15_000);

  it('explains an address that already belongs to the app', async () => {
    signInForTest();
    stubFetch({
      [`GET ${paths.tags}`]: tagsRoute([]),
      [`POST ${paths.invite}`]: () => json(409, { code: 'ALREADY_MEMBER', message: 'errors.ALREADY_MEMBER' }),
    });
    renderInSettings(<InvitePage />, '/invite');
    fireEvent.change(await screen.findByLabelText(/E-Mail-Adresse/), {
      target: { value: 'anna@beispiel.de' },
    });
    submit();
    const refusal = await screen.findByTestId('invite-refusal');
    expect(within(refusal).getByText('Bereits Mitglied')).toBeTruthy();
    expect(within(refusal).getByText(/anna@beispiel\.de gehört bereits/)).toBeTruthy();
    expect(
      within(refusal).getByRole('link', { name: 'In der Mitgliederliste anzeigen' }).getAttribute('href'),
    ).toBe('/akademie/settings/members?q=anna%40beispiel.de');
    // Explained in place, not as a passing notice as well.
    expect(document.querySelector('.mantine-Notification-root')).toBeNull();
  });

  it('explains a full contact quota with the limit', async () => {
    signInForTest();
    stubFetch({
      [`GET ${paths.tags}`]: tagsRoute([]),
      [`POST ${paths.invite}`]: () =>
        json(409, {
          code: 'QUOTA_EXCEEDED',
          message: 'errors.QUOTA_EXCEEDED',
          details: { key: 'contacts', limit: 500, used: 500 },
        }),
    });
    renderInSettings(<InvitePage />, '/invite');
    fireEvent.change(await screen.findByLabelText(/E-Mail-Adresse/), {
      target: { value: 'neu@beispiel.de' },
    });
    submit();
    const refusal = await screen.findByTestId('invite-refusal');
    expect(within(refusal).getByText('Kontaktlimit erreicht')).toBeTruthy();
    expect(within(refusal).getByText(/erlaubt 500 Kontakte/)).toBeTruthy();
  });
});
