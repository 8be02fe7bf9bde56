import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { CurrentAppContext } from '../../../kernel/current-app';
import { callsTo, json, signInForTest, stubFetch } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { homeFeedQuery } from '../community-api';
import { communityApp, pageOf, testPost } from '../community-test-data';
import { PostList } from './post-list';

const post = testPost(1, { likesCount: 2 });
const likePath = `POST /api/posts/${post.id}/like`;

/** A like call that answers only when the test says so. */
function deferred() {
  let settle: (response: Response) => void = () => undefined;
  const promise = new Promise<Response>((resolve) => {
    settle = resolve;
  });
  return { promise, settle };
}

function renderFeed(like: () => Response | Promise<Response>) {
  const fetchMock = stubFetch({
    [`GET /api/apps/${communityApp.id}/community/posts/home`]: () => json(200, pageOf([post])),
    [likePath]: like,
  });
  renderWithProviders(
    <CurrentAppContext value={communityApp}>
      <PostList
        query={homeFeedQuery(communityApp.id, 'latest')}
        layout="feed"
        showContainer
        label="Beiträge"
        empty={<p>leer</p>}
      />
    </CurrentAppContext>,
    { path: '/:appSlug/groups', url: '/akademie/groups', host: 'app' },
  );
  return fetchMock;
}

async function likeButton() {
  const card = await screen.findByTestId('post-card');
  return within(card).getByTestId('post-like');
}

beforeEach(() => {
  signInForTest();
});

describe('liking a post', () => {
  it('counts the like at once and takes it back when the server refuses', async () => {
    const answer = deferred();
    const fetchMock = renderFeed(() => answer.promise);
    const button = await likeButton();
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(button.textContent).toBe('2');

    fireEvent.click(button);
    // While the server has not answered yet.
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('true'));
    expect(button.textContent).toBe('3');
    await waitFor(() => expect(callsTo(fetchMock, likePath)).toHaveLength(1));

    answer.settle(json(500, { code: 'INTERNAL_SERVER_ERROR', message: 'errors.generic' }));
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('false'));
    expect(button.textContent).toBe('2');
  });

  it('settles on the count the server answers', async () => {
    renderFeed(() => json(200, { data: { isLiked: true, likesCount: 7 } }));
    const button = await likeButton();
    fireEvent.click(button);
    await waitFor(() => expect(button.textContent).toBe('7'));
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(button.getAttribute('aria-label')).toBe('7: Gefällt mir');
  });
});
