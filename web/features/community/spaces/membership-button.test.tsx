import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Space } from '../../../../contracts/community-spaces';
import { CurrentAppContext } from '../../../kernel/current-app';
import { callsTo, json, signInForTest, stubFetch } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { communityApp, testSpace } from '../community-test-data';
import { MembershipButton } from './membership-button';

const notifyPath = `PATCH /api/spaces/${testSpace.id}/notifications`;

function renderButton(space: Space) {
  const fetchMock = stubFetch({
    [notifyPath]: () => json(200, { data: { ...space, membership: { status: 'active', notify: 'never' } } }),
  });
  renderWithProviders(
    <CurrentAppContext value={communityApp}>
      <MembershipButton space={space} />
    </CurrentAppContext>,
    { path: '/:appSlug/groups', url: '/akademie/groups', host: 'app' },
  );
  return fetchMock;
}

beforeEach(() => {
  signInForTest();
});

describe('the membership menu', () => {
  it('shows the chosen space notifications and sends another choice', async () => {
    const space: Space = { ...testSpace, permissions: { can: ['view', 'leave', 'bell'] } };
    const fetchMock = renderButton(space);
    fireEvent.click(screen.getByTestId('space-membership'));
    const current = await screen.findByTestId('space-notify-all_new');
    expect(current.textContent).toBe('Alle neuen Beiträge, gewählt');
    expect(screen.getByTestId('space-notify-never').textContent).toBe('Keine');

    fireEvent.click(screen.getByTestId('space-notify-never'));
    await waitFor(() => expect(callsTo(fetchMock, notifyPath)).toEqual([{ notify: 'never' }]));
  });

  it('offers no choice without the bell ability', async () => {
    renderButton({ ...testSpace, permissions: { can: ['view', 'leave'] } });
    fireEvent.click(screen.getByTestId('space-membership'));
    expect(await screen.findByTestId('space-leave')).toBeTruthy();
    expect(screen.queryByTestId('space-notify-all_new')).toBeNull();
  });
});
