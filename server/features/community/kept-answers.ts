import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { CommentList, CommentListQuery } from '../../../contracts/community-comments.ts';
import type { HomeFeedQuery, Post, PostList, PostListQuery } from '../../../contracts/community-posts.ts';
import type { DbOrTx } from '../../db/client.ts';
import { createChangeCache } from '../../db/change-cache.ts';
import { preparedSql } from '../../db/prepared.ts';
import { createKeptAnswers } from '../../platform/kept-answers.ts';
import type { AppAccess } from '../workspace/public.ts';
import type { CommunityActor } from './community.policy.ts';
import type { CommunityView, PostAccess, SpaceAccess } from './community.access.ts';
import { homeScopeOf } from './feed.service.ts';

/*
 * The community's hot reads kept as their serialized answers (server/platform/kept-answers.ts), per reader,
 * while nothing they show changed. What tells a kept answer from a stale one (migration 0020):
 * - `community_posts.version`, raised by every change of the post (edited, liked, commented, pinned,
 *   published, deleted) and of its comments (edited, liked, hidden, deleted) and followers;
 * - `community_spaces.version` / `community_categories.version`, raised by every change of the container and of
 *   any of its posts.
 * A space's page is kept under its space's version (the space row kept in memory, community.access.ts), the home
 * feed under a stamp of the versions of the spaces it reads and of the categories (one small statement, its
 * result kept in memory until a container or a post in one changes), a post and its comments under the post's version (the
 * post is kept in memory too, community.access.ts). Pages with a poll are not kept (answering changes the poll,
 * not the post). Every key also carries who reads (profile, role, sanction, abilities) and the app's settings.
 * People's names and pictures, a space's new name on its posts' pages and a video finishing its conversion are
 * not in the versions: a kept answer shows them within 30 seconds (a kept post within a minute and a half).
 */

export const keptCommunityAnswerTtlMs = 30_000;

const hash = (value: unknown) => createHash('sha1').update(JSON.stringify(value)).digest('base64url');

// The app row is the access cache's (one object while it is unchanged): its settings are hashed once.
const settingsKeys = new WeakMap<object, string>();
function readerKey(app: AppAccess, actor: CommunityActor): string {
  let settings = settingsKeys.get(app.app);
  if (settings === undefined) {
    settings = hash([app.app.id, app.app.serviceSettings, app.app.updatedAt]);
    settingsKeys.set(app.app, settings);
  }
  return `${settings}:${hash([actor, app.can, app.masquerade?.profileId ?? null])}`;
}

const withoutPolls = (posts: readonly Post[]) => posts.every((post) => post.vote === null);

const homeStamp = preparedSql(
  'community_home_stamp',
  sql`select md5(coalesce((select string_agg(s.id::text || ':' || s.version, ',' order by s.id)
      from community_spaces s where s.id = any(${sql.placeholder('spaceIds')}::uuid[])), '')
    || '|' || case when ${sql.placeholder('withCategories')}::boolean then coalesce((
      select string_agg(c.id::text || ':' || c.version, ',' order by c.id) from community_categories c
      where c.app_id = ${sql.placeholder('appId')}::uuid), '') else '' end) as stamp`,
);

/**
 * The stamps themselves, kept per app, scope and category switch: every change of a space of the scope or of a post
 * in it is announced as space:<id>, every change of a category or of a post in one as categories:<app id>
 * (migration 0026), so a home feed read asks the database nothing while its containers are unchanged.
 */
const homeStamps = createChangeCache<string>({
  tagsOf: (key) => {
    const [appId, withCategories, spaceIds] = key.split('|') as [string, string, string];
    const spaces = spaceIds === '{}' ? [] : spaceIds.slice(1, -1).split(',');
    return [
      ...spaces.map((id) => `space:${id}`),
      ...(withCategories === 'true' ? [`categories:${appId}`] : []),
    ];
  },
});

export function createKeptCommunityAnswers(db: DbOrTx) {
  const kept = createKeptAnswers({ maxBytes: 48 * 1024 * 1024, ttlMs: keptCommunityAnswerTtlMs });
  return {
    spacePage(
      reply: FastifyReply,
      access: SpaceAccess,
      query: PostListQuery,
      produce: () => Promise<PostList>,
    ): Promise<FastifyReply | PostList> {
      if (query.type === 'scheduled') {
        return produce();
      }
      const key = [
        'space',
        access.space.id,
        access.space.version,
        readerKey(access.app, access.actor),
        access.can.join(','),
        access.readable,
        access.moderates,
        query.sort ?? '',
        query.page,
      ];
      return kept.send(reply, key.join('\n'), produce, (list) => withoutPolls(list.data));
    },

    async home(
      reply: FastifyReply,
      view: CommunityView,
      query: HomeFeedQuery,
      produce: () => Promise<PostList>,
    ): Promise<FastifyReply> {
      const scope = homeScopeOf(view);
      const spaceIds = `{${scope.spaceIds.join(',')}}`;
      const stamp = await homeStamps.read(
        db,
        `${scope.appId}|${scope.withCategories}|${spaceIds}`,
        async () => {
          const [row] = await homeStamp.run<{ stamp: string }>(db, {
            spaceIds,
            withCategories: scope.withCategories,
            appId: scope.appId,
          });
          return row?.stamp ?? '';
        },
      );
      const key = ['home', readerKey(view.app, view.actor), query.sort, query.page, stamp ?? ''];
      return kept.send(reply, key.join('\n'), produce, (list) => withoutPolls(list.data));
    },

    post(reply: FastifyReply, access: PostAccess, produce: () => Promise<{ data: Post }>) {
      const key = [
        'post',
        access.post.id,
        access.post.version,
        access.category?.category.version ?? '',
        readerKey(access.app, access.actor),
        access.can.join(','),
      ];
      return kept.send(reply, key.join('\n'), produce, (answer) => answer.data.vote === null);
    },

    comments(
      reply: FastifyReply,
      post: PostAccess,
      query: CommentListQuery,
      produce: () => Promise<CommentList>,
    ) {
      const key = [
        'comments',
        post.post.id,
        post.post.version,
        readerKey(post.app, post.actor),
        post.can.join(','),
        query.sort,
        query.page,
        query.parentCommentId ?? '',
      ];
      return kept.send(reply, key.join('\n'), produce);
    },
  };
}

export type KeptCommunityAnswers = ReturnType<typeof createKeptCommunityAnswers>;

const byDatabase = new WeakMap<object, KeptCommunityAnswers>();

/** The one store of a database handle: the post and the comment routes are built apart but share it. */
export function keptCommunityAnswersOf(db: DbOrTx): KeptCommunityAnswers {
  let found = byDatabase.get(db);
  if (!found) {
    found = createKeptCommunityAnswers(db);
    byDatabase.set(db, found);
  }
  return found;
}
