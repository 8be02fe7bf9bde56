import type { Editor } from '@tiptap/core';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Comment } from '../../../contracts/community-comments';
import { createRoutes } from '../../app/routes';
import { bodyOf, json, signInForTest, stubFetch, urlOf } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import { appShellRoutes, bySlugPath, memberApp, testEvent, uuid } from './events-test-data';

/* The event page's conversation (issue 18): the community's comments on `entityType` event, with the count. */

beforeAll(() => {
  // jsdom lays nothing out: ProseMirror measures ranges to scroll the cursor into view.
  Range.prototype.getClientRects = () => Object.assign([], { item: () => null });
  Range.prototype.getBoundingClientRect = () => new DOMRect(0, 0, 0, 0);
});

beforeEach(() => {
  signInForTest();
});

const event = testEvent({ commentsCount: 1, permissions: { can: ['view', 'join', 'leave', 'comment'] } });
const onEvent = (n: number, body = `<p>Kommentar ${n}</p>`): Comment => ({
  id: uuid(4000 + n),
  entityType: 'event',
  entityId: event.id,
  parentCommentId: null,
  body,
  author: { profileId: uuid(3200 + n), name: `Kommentierende ${n}`, avatarUrl: null },
  createdAt: '2026-10-19T09:00:00.000Z',
  editedAt: null,
  isDeleted: false,
  isLiked: false,
  likesCount: 0,
  repliesCount: 0,
  post: null,
  permissions: { can: ['view', 'like', 'reply'] },
  replies: [],
});

function open(shown = event) {
  const fetchMock = stubFetch({
    ...appShellRoutes(memberApp),
    [bySlugPath('stammtisch')]: () => json(200, { data: shown }),
    [`GET /api/events/${event.id}/attendees`]: () =>
      json(403, { code: 'FORBIDDEN', message: 'errors.FORBIDDEN' }),
    'GET /api/comments': () => json(200, { data: [onEvent(1)], meta: { page: 1, pages: 1, total: 1 } }),
    'POST /api/comments': () => json(201, { data: onEvent(2, '<p>Bin dabei!</p>') }),
  });
  renderRoutes(createRoutes('app'), { url: '/akademie/events/stammtisch/view', host: 'app' });
  return fetchMock;
}

describe('the comments of an event', { timeout: 30_000 }, () => {
  it('lists the event’s comments with the count, and a new one raises it', async () => {
    const fetchMock = open();
    await screen.findByText('Kommentar 1', undefined, { timeout: 15_000 });
    const list = fetchMock.mock.calls
      .map(([input]) => new URL(urlOf(input), 'http://localhost'))
      .find((url) => url.pathname === '/api/comments');
    expect(list?.searchParams.get('entityType')).toBe('event');
    expect(list?.searchParams.get('entityId')).toBe(event.id);
    const title = screen.getByRole('heading', { level: 2, name: /Kommentare/ });
    expect(title.textContent).toContain('1');

    fireEvent.click(await screen.findByTestId('comment-start'));
    // The editor's code is a lazy chunk: with every test file loading modules at once it took over 10 s.
    const textbox = await screen.findByRole('textbox', { name: 'Kommentar' }, { timeout: 20_000 });
    act(() => {
      (textbox as HTMLElement & { editor: Editor }).editor.commands.insertContent('Bin dabei!');
    });
    fireEvent.click(await screen.findByTestId('comment-editor-submit'));
    await screen.findByText('Bin dabei!');
    expect(bodyOf(fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')?.[1])).toEqual({
      entityType: 'event',
      entityId: event.id,
      body: '<p>Bin dabei!</p>',
      parentCommentId: null,
    });
    await waitFor(() => expect(title.textContent).toContain('2'));
  });

  it('lets those without the `comment` ability read only', async () => {
    open(testEvent({ commentsCount: 1 }));
    await screen.findByText('Kommentar 1', undefined, { timeout: 15_000 });
    expect(screen.queryByTestId('comment-start')).toBeNull();
  });
});
