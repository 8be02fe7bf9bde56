import { createRandom } from '../lib/random.ts';
import { measureRealtime } from '../lib/realtime-measurement.ts';
import {
  defineArea,
  type Measurement,
  type Scenario,
  type ScenarioContext,
  type ScenarioRequest,
} from '../lib/types.ts';
import { seedCommunity, type CommunitySeed } from '../seed/community.ts';
import { commentBodies, postBodies, postTitles } from '../seed/community-texts.ts';

/*
 * Issue 15's budgets, at 50 connections, each read as a share of the ceiling's req/s in the same run:
 * the home feed ≥ 40 % with p99 ≤ 50 ms, a space's first page ≥ 40 %, a post with its first 10 comments ≥ 40 %,
 * page 500 of a space at most 2× slower than page 1, ≥ 500 posts/s and ≥ 800 comments/s created.
 */

type PostPage = {
  data?: { id?: string; author?: { name?: string }; permissions?: { can?: string[] } }[];
  meta?: { page?: number; total?: number };
};

/** A full page of posts, each with its author and abilities; `total` when the caller knows it. */
const expectPosts =
  (expected: { page: number; total?: number }) =>
  (body: unknown): string | null => {
    const { data, meta } = body as PostPage;
    if (data?.length !== 20) {
      return `expected 20 posts, got ${data?.length ?? 'none'}`;
    }
    if (data.some((post) => !post.author?.name || !post.permissions?.can?.includes('view'))) {
      return 'expected every post with its author and permissions.can';
    }
    if (meta?.page !== expected.page || (expected.total !== undefined && meta.total !== expected.total)) {
      return `expected page ${expected.page} of ${expected.total ?? 'any'} posts, got ${JSON.stringify(meta)}`;
    }
    return null;
  };

const shareBudget = { minShareOfCeiling: 0.4 };
const spacePageOne = 'GET space posts (page 1)';

export const communityArea = defineArea({
  name: 'community',
  seed: seedCommunity,
  summary: (data) => ({
    members: data.members,
    spaces: data.spaces.open + data.spaces.private + data.spaces.secret,
    privateSpaces: data.spaces.private,
    secretSpaces: data.spaces.secret,
    spaceMembers: data.spaceMembers,
    posts: data.posts,
    publishedPosts: data.publishedPosts,
    scheduledPosts: data.scheduledPosts,
    comments: data.comments,
    replies: data.replies,
    postLikes: data.postLikes,
    commentLikes: data.commentLikes,
    postFollows: data.postFollows,
    covers: data.covers,
    avatars: data.avatars,
    largestSpacePosts: data.bigSpacePosts,
  }),
  scenarios: (data, context) => communityScenarios(data, context),
  measurements: (data) => [realtimeMeasurement(data)],
});

/**
 * Issue 16: 5,000 sockets of the app's member on the one web instance; a writer publishes a post and every
 * socket hears `counters`; the member's counters read against /api/health while they stay connected.
 */
function realtimeMeasurement(data: CommunitySeed): Measurement {
  const writer = data.writers[0]!;
  return {
    name: 'realtime: 5,000 sockets',
    run: (context) =>
      measureRealtime(
        {
          sockets: 5_000,
          appId: data.appId,
          listenerAccountId: data.memberAccountId,
          countersPath: `/api/apps/${data.appId}/spaces/posts/counters`,
          badgePath: `/api/apps/${data.appId}/notifications/counters`,
          notifyRounds: 5,
          peerSockets: 500,
          notify: async (authorization) => {
            const response = await fetch(`${context.baseUrl}/api/comments`, {
              method: 'POST',
              headers: {
                authorization: await authorization(writer.accountId),
                'content-type': 'application/json',
              },
              body: JSON.stringify({
                entityType: 'post',
                entityId: writer.postId,
                body: `<p>Schau mal, <span data-type="mention" data-id="${data.memberProfileId}" data-label="Mitglied">@Mitglied</span></p>`,
              }),
            });
            if (response.status !== 201) {
              throw new Error(`the mention answered ${response.status}: ${await response.text()}`);
            }
          },
          act: async (authorization) => {
            const response = await fetch(`${context.baseUrl}/api/spaces/${writer.spaceId}/posts`, {
              method: 'POST',
              headers: {
                authorization: await authorization(writer.accountId),
                'content-type': 'application/json',
              },
              body: JSON.stringify({ name: 'Neu für alle', body: '<p>Ein Beitrag, den alle hören.</p>' }),
            });
            if (response.status !== 201) {
              throw new Error(`publishing the post answered ${response.status}: ${await response.text()}`);
            }
          },
        },
        context,
      ),
  };
}

/** The scenarios over seeded data (exported for profiling runs against a kept database). */
export async function communityScenarios(data: CommunitySeed, context: ScenarioContext): Promise<Scenario[]> {
  const member = { authorization: await context.authorization(data.memberAccountId) };
  const post = {
    path: `/api/posts/${data.hotPost.slug}`,
    headers: { ...member, 'x-app-id': data.appId },
  };
  const comments = {
    path: `/api/comments?entityType=post&entityId=${data.hotPost.id}&page=1`,
    headers: member,
  };
  const checkPost = (body: unknown) => {
    const found = (body as { data?: { id?: string; commentsCount?: number } }).data;
    return found?.id === data.hotPost.id && found.commentsCount === data.hotPost.comments
      ? null
      : `expected the busy post with ${data.hotPost.comments} comments, got ${JSON.stringify(found)?.slice(0, 200)}`;
  };
  const checkComments = (body: unknown) => {
    const { data: page, meta } = body as {
      data?: { replies?: unknown[] }[];
      meta?: { total?: number };
    };
    if (page?.length !== 10 || meta?.total !== data.hotPost.topLevelComments) {
      return `expected 10 of ${data.hotPost.topLevelComments} comments, got ${page?.length ?? 'none'} of ${meta?.total}`;
    }
    return page.some((comment) => (comment.replies?.length ?? 0) > 0)
      ? null
      : 'expected replies inline on the first page';
  };
  const reads: Scenario[] = [
    {
      name: 'GET home feed (page 1)',
      method: 'GET',
      path: `/api/apps/${data.appId}/community/posts/home`,
      headers: member,
      check: expectPosts({ page: 1 }),
      budget: { ...shareBudget, maxP99Ms: 50 },
    },
    {
      name: spacePageOne,
      method: 'GET',
      path: `/api/spaces/${data.bigSpaceId}/posts?page=1`,
      headers: member,
      check: expectPosts({ page: 1, total: data.bigSpacePosts }),
      budget: shareBudget,
    },
    {
      name: 'GET space posts (page 500)',
      method: 'GET',
      path: `/api/spaces/${data.bigSpaceId}/posts?page=500`,
      headers: member,
      check: expectPosts({ page: 500, total: data.bigSpacePosts }),
      budget: { maxSlowdown: { baseline: spacePageOne, factor: 2 } },
    },
    { name: 'GET post by slug', method: 'GET', ...post, check: checkPost, budget: null },
    { name: 'GET comments (page 1)', method: 'GET', ...comments, check: checkComments, budget: null },
    {
      // The post's page: both reads, one after the other on every connection; one operation is the pair.
      name: 'GET post + first 10 comments',
      method: 'GET',
      ...post,
      requests: () => [post, comments],
      requestsPerOperation: 2,
      check: checkPost,
      budget: shareBudget,
    },
  ];
  return [...reads, ...(await writes(data, (accountId) => context.authorization(accountId)))];
}

/**
 * Post and comment create: every connection writes as another member (64 plain members of the eight busiest
 * open spaces), each in its own space and on its own recent post, with a new title every time, as many people
 * writing at once would. The bodies are rich text of realistic length; the server sanitizes them.
 */
async function writes(
  data: CommunitySeed,
  authorization: (accountId: string) => Promise<string>,
): Promise<Scenario[]> {
  const writers = await Promise.all(
    data.writers.map(async (writer) => ({ ...writer, authorization: await authorization(writer.accountId) })),
  );
  const random = createRandom(15);
  const bodies = postBodies(random, 50).map((body) => body.html);
  const replies = commentBodies(random, 50).map((body) => body.html);
  const titles = postTitles().map((title) => title.name);
  let connection = 0;
  let written = 0;
  // Called once per autocannon connection (and for the probe): the next writer takes it.
  const nextWriter = () => writers[connection++ % writers.length]!;
  const postRequests = (): ScenarioRequest[] => {
    const writer = nextWriter();
    return [
      {
        method: 'POST',
        path: `/api/spaces/${writer.spaceId}/posts`,
        headers: { authorization: writer.authorization },
        setupRequest: (request) => {
          written++;
          return {
            ...request,
            body: JSON.stringify({
              name: `${titles[written % titles.length]!} (${written})`,
              body: bodies[written % bodies.length]!,
            }),
          };
        },
      },
    ];
  };
  const commentRequests = (): ScenarioRequest[] => {
    const writer = nextWriter();
    return [
      {
        method: 'POST',
        path: '/api/comments',
        headers: { authorization: writer.authorization },
        setupRequest: (request) => {
          written++;
          return {
            ...request,
            body: JSON.stringify({
              entityType: 'post',
              entityId: writer.postId,
              body: replies[written % replies.length]!,
            }),
          };
        },
      },
    ];
  };
  const created = (kind: string) => (body: unknown) =>
    typeof (body as { data?: { id?: unknown } }).data?.id === 'string' ? null : `expected the new ${kind}`;
  return [
    {
      name: 'POST space post',
      method: 'POST',
      path: '/api/spaces/:id/posts',
      requests: postRequests,
      check: created('post'),
      budget: { minRequestsPerSecond: 500 },
    },
    {
      name: 'POST comment',
      method: 'POST',
      path: '/api/comments',
      requests: commentRequests,
      check: created('comment'),
      budget: { minRequestsPerSecond: 800 },
    },
  ];
}
