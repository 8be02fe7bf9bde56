import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Post, PostList, Vote } from '../../../contracts/community-posts';
import { communityKeys } from './community-keys';
import { withAnswer } from './community-mutations';
import { pageOf, testPost } from './community-test-data';
import { patchPost, restorePosts } from './post-cache';

const appId = '0190f5a2-7c1e-7b4e-9a55-00000000a001';
const vote: Vote = {
  id: '0190f5a2-7c1e-7b4e-9a55-00000000b001',
  question: 'Wann üben Sie?',
  isMultiple: true,
  endsAt: null,
  isClosed: false,
  options: [
    { id: 'o1', text: 'Morgens', answersCount: 3 },
    { id: 'o2', text: 'Mittags', answersCount: 1 },
    { id: 'o3', text: 'Abends', answersCount: 0 },
  ],
  votersCount: 4,
  answeredOptionIds: [],
  permissions: { can: ['view', 'answer'] },
};

const counts = (poll: Vote) => poll.options.map((option) => option.answersCount);

describe('a poll answered on screen', () => {
  it('counts a first answer and the voter once', () => {
    const answered = withAnswer(vote, ['o1', 'o3']);
    expect(counts(answered)).toEqual([4, 1, 1]);
    expect(answered.votersCount).toBe(5);
    expect(answered.answeredOptionIds).toEqual(['o1', 'o3']);
  });

  it('moves a changed answer without counting the voter again', () => {
    const changed = withAnswer(withAnswer(vote, ['o1']), ['o2']);
    expect(counts(changed)).toEqual([3, 2, 0]);
    expect(changed.votersCount).toBe(5);
  });
});

describe('one post in every cache', () => {
  it('changes the post in the feed, a space list and its page, and restores all of them', () => {
    const client = new QueryClient();
    const post = testPost(1, { likesCount: 2 });
    const other = testPost(2);
    const list = (): InfiniteData<PostList> => ({ pages: [pageOf([other, post])], pageParams: [1] });
    client.setQueryData(communityKeys.feed(appId, 'latest'), list());
    client.setQueryData(communityKeys.spacePosts(appId, 'space', 'oldest'), list());
    client.setQueryData(communityKeys.post(appId, post.slug), post);
    // Another app's cache is not touched.
    client.setQueryData(communityKeys.post('another-app', post.slug), post);

    const snapshot = patchPost(client, appId, post.id, (current) => ({ ...current, likesCount: 9 }));
    const likes = () => [
      client.getQueryData<InfiniteData<PostList>>(communityKeys.feed(appId, 'latest'))?.pages[0]?.data[1]
        ?.likesCount,
      client.getQueryData<InfiniteData<PostList>>(communityKeys.spacePosts(appId, 'space', 'oldest'))
        ?.pages[0]?.data[1]?.likesCount,
      client.getQueryData<Post>(communityKeys.post(appId, post.slug))?.likesCount,
    ];
    expect(likes()).toEqual([9, 9, 9]);
    expect(client.getQueryData<Post>(communityKeys.post('another-app', post.slug))?.likesCount).toBe(2);
    // The other post of the lists stays as it was, the same object.
    expect(
      client.getQueryData<InfiniteData<PostList>>(communityKeys.feed(appId, 'latest'))?.pages[0]?.data[0],
    ).toBe(other);

    restorePosts(client, snapshot);
    expect(likes()).toEqual([2, 2, 2]);
  });
});
