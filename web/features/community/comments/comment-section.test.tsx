import type { Editor } from '@tiptap/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Comment } from '../../../../contracts/community-comments';
import { AppViewerContext } from '../../../kernel/app-viewer';
import { CurrentAppContext } from '../../../kernel/current-app';
import {
  bodyOf,
  callsTo,
  json,
  signInForTest,
  stubFetch,
  testAccount,
  urlOf,
  type Route,
} from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { communityApp, pageOf, testComment, testPost, testReply } from '../community-test-data';
import { CommentSection } from './comment-section';

const post = testPost(1, { commentsCount: 4 });
const first = testComment(1, {
  repliesCount: 1,
  permissions: { can: ['view', 'like', 'reply', 'edit', 'delete'] },
});
const firstWithReply: Comment = { ...first, replies: [testReply(1, first.id)] };
const second = testComment(2, { permissions: { can: ['view', 'like', 'reply', 'delete'] } });
const third = testComment(3);

beforeAll(() => {
  // jsdom lays nothing out: ProseMirror measures ranges to scroll the cursor into view.
  Range.prototype.getClientRects = () => Object.assign([], { item: () => null });
  Range.prototype.getBoundingClientRect = () => new DOMRect(0, 0, 0, 0);
});

beforeEach(() => {
  signInForTest();
});

function renderComments(
  routes: Record<string, Route> = {},
  url = '/akademie/groups/g/yoga-am-morgen/p/beitrag-1',
) {
  const fetchMock = stubFetch({
    'GET /api/comments': (_init, url) =>
      url.searchParams.get('page') === '2'
        ? json(200, pageOf([third], 2, 2, 3))
        : json(200, pageOf([firstWithReply, second], 1, 2, 3)),
    ...routes,
  });
  renderWithProviders(
    <CurrentAppContext value={communityApp}>
      <AppViewerContext value={{ ...testAccount, avatarUrl: null }}>
        <CommentSection post={post} />
      </AppViewerContext>
    </CurrentAppContext>,
    {
      path: '/:appSlug/groups/g/:spaceSlug/p/:postSlug',
      url,
      host: 'app',
    },
  );
  return fetchMock;
}

const threadOf = async (text: string) => {
  const threads = await screen.findAllByTestId('comment-thread');
  const thread = threads.find((element) => element.textContent?.includes(text));
  if (!thread) {
    throw new Error(`No thread with "${text}"`);
  }
  return thread;
};

/** Writes into the rich-text editor named `label` as a person would (Tiptap's own input path). */
async function write(label: string, text: string) {
  // The editor's code is a lazy chunk: on a busy machine it takes a moment to arrive.
  const textbox = await screen.findByRole('textbox', { name: label }, { timeout: 10_000 });
  const editor = (textbox as HTMLElement & { editor: Editor }).editor;
  act(() => {
    editor.commands.insertContent(text);
  });
}

describe('the comments of a post', () => {
  it('shows ten at a time with their replies and appends the next page on "more"', async () => {
    const fetchMock = renderComments();
    const firstThread = await threadOf('Kommentar 1');
    expect(within(firstThread).getByText('Antwort 1')).toBeTruthy();
    expect(callsTo(fetchMock, 'GET /api/comments')).toHaveLength(1);
    const [call] = fetchMock.mock.calls;
    const url = new URL(call ? urlOf(call[0]) : '', 'http://localhost');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      entityType: 'post',
      entityId: post.id,
      page: '1',
      sort: 'oldest',
    });

    fireEvent.click(screen.getByTestId('comments-more'));
    await screen.findByText('Kommentar 3');
    const bodies = screen.getAllByTestId('comment-body').map((element) => element.textContent);
    expect(bodies).toEqual(['Kommentar 1', 'Antwort 1', 'Kommentar 2', 'Kommentar 3']);
    expect(screen.queryByTestId('comments-more')).toBeNull();
  });

  it('adds a reply to its thread, one level deep', async () => {
    const reply = testReply(2, first.id, {
      body: '<p>Danke dafür!</p>',
      author: { profileId: communityApp.viewer!.profileId, name: 'Anna Beispiel', avatarUrl: null },
    });
    const fetchMock = renderComments({ 'POST /api/comments': () => json(201, { data: reply }) });
    const thread = await threadOf('Kommentar 1');
    fireEvent.click(within(thread).getAllByTestId('comment-reply')[0]!);
    await write('Antwort an Kommentierende 1', 'Danke dafür!');
    fireEvent.click(await screen.findByTestId('reply-editor-submit'));

    // In the thread as a reply (not only still in the editor), after the reply that was there.
    await waitFor(() =>
      expect(
        within(thread)
          .getAllByTestId('comment-body')
          .map((body) => body.textContent),
      ).toEqual(['Kommentar 1', 'Antwort 1', 'Danke dafür!']),
    );
    expect(within(thread).queryByTestId('comment-more-replies')).toBeNull();
    expect(bodyOf(fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')?.[1])).toEqual({
      entityType: 'post',
      entityId: post.id,
      body: '<p>Danke dafür!</p>',
      parentCommentId: first.id,
    });
    // Replies have no reply button of their own.
    expect(within(thread).getAllByTestId('comment-reply')).toHaveLength(1);
    expect(screen.queryByTestId('reply-editor')).toBeNull();
  });

  it('keeps a deleted comment with replies as "deleted" and removes one without', async () => {
    renderComments({
      [`DELETE /api/comments/${first.id}`]: () => json(200, { data: { id: first.id, isRemoved: false } }),
      [`DELETE /api/comments/${second.id}`]: () => json(200, { data: { id: second.id, isRemoved: true } }),
    });
    const firstThread = await threadOf('Kommentar 1');
    fireEvent.click(within(firstThread).getAllByTestId('comment-menu')[0]!);
    fireEvent.click(await screen.findByTestId('comment-delete-item'));
    fireEvent.click(await screen.findByTestId('comment-delete-confirm'));
    await waitFor(() =>
      expect(within(firstThread).getByText('Dieser Kommentar wurde gelöscht.')).toBeTruthy(),
    );
    expect(within(firstThread).queryByText('Kommentar 1')).toBeNull();
    expect(within(firstThread).getByText('Antwort 1')).toBeTruthy();

    const secondThread = await threadOf('Kommentar 2');
    fireEvent.click(within(secondThread).getByTestId('comment-menu'));
    fireEvent.click(await screen.findByTestId('comment-delete-item'));
    fireEvent.click(await screen.findByTestId('comment-delete-confirm'));
    await waitFor(() => expect(screen.queryByText('Kommentar 2')).toBeNull());
  });

  it('likes a comment at once and takes the like back when the server refuses', async () => {
    let refuse: (response: Response) => void = () => undefined;
    const answer = new Promise<Response>((resolve) => {
      refuse = resolve;
    });
    renderComments({ [`POST /api/comments/${second.id}/like`]: () => answer });
    const thread = await threadOf('Kommentar 2');
    const like = within(thread).getByTestId('comment-like');
    expect(like.textContent).toBe('1');
    fireEvent.click(like);
    await waitFor(() => expect(like.getAttribute('aria-pressed')).toBe('true'));
    expect(like.textContent).toBe('2');
    refuse(json(403, { code: 'FORBIDDEN', message: 'errors.FORBIDDEN' }));
    await waitFor(() => expect(like.getAttribute('aria-pressed')).toBe('false'));
    expect(like.textContent).toBe('1');
  });

  it('scrolls to the comment a link names (`#comment-{id}`, a notification’s) and marks it', async () => {
    const scrolled: Element[] = [];
    vi.spyOn(window.HTMLElement.prototype, 'scrollIntoView').mockImplementation(function record(
      this: HTMLElement,
    ) {
      scrolled.push(this);
    });
    const reply = firstWithReply.replies[0]!;
    renderComments({}, `/akademie/groups/g/yoga-am-morgen/p/beitrag-1#comment-${reply.id}`);
    await waitFor(() => expect(scrolled.map((element) => element.id)).toEqual([`comment-${reply.id}`]));
    expect(document.getElementById(`comment-${reply.id}`)?.hasAttribute('data-anchored')).toBe(true);
    expect(document.getElementById(`comment-${second.id}`)?.hasAttribute('data-anchored')).toBe(false);
  });
});
