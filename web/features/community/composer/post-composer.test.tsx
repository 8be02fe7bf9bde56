import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Post } from '../../../../contracts/community-posts';
import { CurrentAppContext } from '../../../kernel/current-app';
import { setPersonTimeZone } from '../../../kernel/person-locale';
import { callsTo, json, signInForTest, stubFetch, testApp } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import type { ComposerTarget } from './composer-values';
import { postFixture } from './post.fixture';
import { PostComposer } from './post-composer';

beforeAll(() => {
  // jsdom lays nothing out: ProseMirror measures ranges to scroll the cursor into view.
  const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects = noRects;
  Range.prototype.getBoundingClientRect = () => new DOMRect(0, 0, 0, 0);
});

const space: ComposerTarget = {
  kind: 'space',
  id: '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4f50',
  name: 'Yoga',
  canSchedule: false,
};
const voteId = '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4f77';

function renderComposer(props: { target?: ComposerTarget | null; post?: Post | null } = {}) {
  const onSaved = vi.fn<(post: Post) => void>();
  signInForTest();
  setPersonTimeZone('Europe/Berlin');
  renderWithProviders(
    <CurrentAppContext value={testApp}>
      <PostComposer opened onClose={() => undefined} target={space} onSaved={onSaved} {...props} />
    </CurrentAppContext>,
  );
  return { onSaved };
}

const field = (name: string | RegExp) => screen.getByRole('textbox', { name });

describe('post composer', () => {
  it('asks for a title before sending anything', async () => {
    const fetchMock = stubFetch({});
    renderComposer();
    fireEvent.click(await screen.findByTestId('composer-submit'));
    expect(await screen.findByText('Bitte füllen Sie dieses Feld aus.')).toBeTruthy();
    expect(field(/Titel/).getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('creates the poll first and sends its voteId with the post', async () => {
    const fetchMock = stubFetch({
      [`POST /api/apps/${testApp.id}/votes`]: () =>
        json(201, {
          data: {
            id: voteId,
            question: 'Welcher Tag?',
            isMultiple: false,
            endsAt: null,
            isClosed: false,
            options: [],
            votersCount: 0,
            answeredOptionIds: [],
            permissions: { can: ['view'] },
          },
        }),
      [`POST /api/spaces/${space.id}/posts`]: () => json(201, { data: postFixture({ name: 'Treffen' }) }),
    });
    const { onSaved } = renderComposer();
    fireEvent.change(await screen.findByTestId('composer-name'), { target: { value: 'Treffen' } });
    fireEvent.click(screen.getByTestId('composer-add-poll'));
    fireEvent.change(field('Frage'), { target: { value: 'Welcher Tag?' } });
    const [first, second] = screen.getAllByTestId('poll-option');
    fireEvent.change(first!, { target: { value: 'Montag' } });
    fireEvent.change(second!, { target: { value: 'Dienstag' } });
    fireEvent.click(screen.getByTestId('poll-add-option'));
    fireEvent.change(screen.getAllByTestId('poll-option')[2]!, { target: { value: 'Mittwoch' } });
    fireEvent.click(screen.getByTestId('composer-submit'));

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(callsTo(fetchMock, `POST /api/apps/${testApp.id}/votes`)).toEqual([
      {
        question: 'Welcher Tag?',
        options: ['Montag', 'Dienstag', 'Mittwoch'],
        isMultiple: false,
        endsAt: null,
      },
    ]);
    const [post] = callsTo(fetchMock, `POST /api/spaces/${space.id}/posts`);
    expect(post).toMatchObject({ name: 'Treffen', voteId, publishAt: null, mediaIds: [] });
  });

  it('tells the author when the post waits for a moderator', async () => {
    stubFetch({
      [`POST /api/spaces/${space.id}/posts`]: () =>
        json(201, { data: postFixture({ name: 'Treffen', moderation: { status: 'inbox' } }) }),
    });
    const { onSaved } = renderComposer();
    fireEvent.change(await screen.findByTestId('composer-name'), { target: { value: 'Treffen' } });
    fireEvent.click(screen.getByTestId('composer-submit'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(await screen.findByText(/wartet auf die Freigabe durch die Moderation/)).toBeTruthy();
  });

  it('shows the server’s field errors on their fields and opens the advanced section for them', async () => {
    stubFetch({
      [`POST /api/spaces/${space.id}/posts`]: () =>
        json(400, {
          code: 'VALIDATION_FAILED',
          message: 'errors.VALIDATION_FAILED',
          errors: { metaTitle: 'validation.validateMaxLength' },
        }),
    });
    renderComposer();
    fireEvent.change(await screen.findByTestId('composer-name'), { target: { value: 'Treffen' } });
    fireEvent.click(screen.getByTestId('composer-submit'));
    const metaTitle = await screen.findByTestId('composer-meta-title');
    await waitFor(() => expect(metaTitle.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByTestId('composer-advanced-toggle').getAttribute('aria-expanded')).toBe('true');
  });

  it('offers a schedule only where the container allows scheduled posts, and sends its instant and zone', async () => {
    const fetchMock = stubFetch({
      [`POST /api/spaces/${space.id}/posts`]: () =>
        json(201, {
          data: postFixture({
            isScheduled: true,
            publishAt: '2099-05-04T07:00:00.000Z',
            timeZone: 'Europe/Berlin',
          }),
        }),
    });
    renderComposer({ target: { ...space, canSchedule: true } });
    fireEvent.change(await screen.findByTestId('composer-name'), { target: { value: 'Später' } });
    fireEvent.click(screen.getByTestId('composer-add-schedule'));
    const schedule = screen.getByTestId('composer-schedule');
    fireEvent.change(within(schedule).getByTestId('schedule-date'), { target: { value: '2099-05-04' } });
    fireEvent.change(within(schedule).getByTestId('schedule-time'), { target: { value: '09:00' } });
    expect(screen.getByTestId('composer-submit').textContent).toContain('Planen');
    fireEvent.click(screen.getByTestId('composer-submit'));
    await waitFor(() => expect(callsTo(fetchMock, `POST /api/spaces/${space.id}/posts`)).toHaveLength(1));
    expect(callsTo(fetchMock, `POST /api/spaces/${space.id}/posts`)[0]).toMatchObject({
      publishAt: '2099-05-04T07:00:00.000Z',
      timeZone: 'Europe/Berlin',
    });
  });

  it('has no schedule where the container does not allow it', async () => {
    stubFetch({});
    renderComposer();
    await screen.findByTestId('composer-name');
    expect(screen.queryByTestId('composer-add-schedule')).toBeNull();
  });

  it('edits a post with only what changed', async () => {
    const post = postFixture();
    const fetchMock = stubFetch({ [`PATCH /api/posts/${post.id}`]: () => json(200, { data: post }) });
    const { onSaved } = renderComposer({ target: null, post });
    const name = await screen.findByTestId('composer-name');
    expect((name as HTMLInputElement).value).toBe('Willkommen');
    fireEvent.change(name, { target: { value: 'Willkommen zurück' } });
    fireEvent.click(screen.getByTestId('composer-submit'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(callsTo(fetchMock, `PATCH /api/posts/${post.id}`)).toEqual([{ name: 'Willkommen zurück' }]);
  });
});
