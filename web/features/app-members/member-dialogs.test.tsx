import { notificationsStore } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n/i18n';
import { callsTo, json, signInForTest, stubFetch } from '../../test/fixtures';
import { InviteLinkDialog } from './invite-link-dialog';
import { adminApp, paths, renderInSettings, tagsRoute } from './members-test-data';
import { TagDialog } from './tag-dialog';

const noop = () => {};

describe('tag dialog', () => {
  it('says a duplicate name at the field only, without a "reload" notification', async () => {
    signInForTest();
    stubFetch({
      [`POST ${paths.tags}`]: () =>
        json(409, { code: 'CONFLICT', message: 'errors.CONFLICT', errors: { name: 'validation.unique' } }),
    });
    renderInSettings(<TagDialog tag={null} opened onClose={noop} />, '/tags');
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'VIP' } });
    fireEvent.click(screen.getByTestId('tag-save'));
    expect(await screen.findByText('Einen Tag mit diesem Namen gibt es schon.')).toBeTruthy();
    // The global error notification is raised in the same turn as the inline error: none was.
    const { notifications, queue } = notificationsStore.getState();
    expect([...notifications, ...queue]).toEqual([]);
  });

  it('says it in English too', async () => {
    await setLanguage('en', { persist: false });
    signInForTest();
    stubFetch({
      [`POST ${paths.tags}`]: () =>
        json(409, { code: 'CONFLICT', message: 'errors.CONFLICT', errors: { name: 'validation.unique' } }),
    });
    renderInSettings(<TagDialog tag={null} opened onClose={noop} />, '/tags');
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'VIP' } });
    fireEvent.click(screen.getByTestId('tag-save'));
    expect(await screen.findByText('There is already a tag with this name.')).toBeTruthy();
  });
});

describe('invitation link dialog', () => {
  it('refuses a negative use limit instead of reading it as positive', async () => {
    signInForTest();
    const fetchMock = stubFetch({
      [`GET ${paths.tags}`]: tagsRoute([]),
      [`POST /api/apps/${adminApp.id}/invitations`]: () => json(201, {}),
    });
    renderInSettings(<InviteLinkDialog link={null} opened onClose={noop} />, '/invite-links');
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'Frühjahr' } });
    const limit = screen.getByLabelText(/^Maximale Nutzungen/);
    fireEvent.change(limit, { target: { value: '-5' } });
    expect((limit as HTMLInputElement).value).toBe('-5');
    fireEvent.click(screen.getByRole('button', { name: 'Link erstellen' }));
    expect(await screen.findByText('Der Wert muss mindestens 1 betragen.')).toBeTruthy();
    await waitFor(() => expect(callsTo(fetchMock, `POST /api/apps/${adminApp.id}/invitations`)).toEqual([]));
  });
});
