import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { preparedSql } from '../../db/prepared.ts';
import {
  recordNotifications,
  type NotificationEvent,
  type RecordedNotification,
} from '../notifications/public.ts';

/*
 * What the community tells whom (issue 16). Each function runs inside the transaction of the write it tells
 * about and returns what the notifier delivers after commit. Nobody hears of a post they may not read: every
 * recipient but the post's own author passes `readersAmong` (a private or secret space's active members, or
 * the app's admins); a person hears of one comment once, by the strongest reason (mention, then reply, then
 * their post or a post they follow).
 */

type PostRef = {
  id: string;
  appId: string;
  spaceId: string | null;
  authorProfileId: string;
  name: string;
};

async function rows<Row>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}

const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/**
 * Whether the profile `p` reads the post: a live profile of the app that is not only invited; in a space, an
 * open one, or its active member, or an admin or the owner.
 */
const readsPost = (appId: SQL | string, spaceId: SQL | string | null) =>
  spaceId === null
    ? sql`p.app_id = ${appId} and p.deleted_at is null and p.type <> 'invited'`
    : sql`p.app_id = ${appId} and p.deleted_at is null and p.type <> 'invited' and exists (
        select 1 from community_spaces s where s.id = ${spaceId}
          and (s.access = 'open' or p.type = 'admin' or p.is_owner or exists (
            select 1 from community_space_members m
            where m.space_id = s.id and m.profile_id = p.id and m.status = 'active')))`;

/** Those of `profileIds` who read the post: all live members for an open space or a category. */
export async function readersAmong(
  db: DbOrTx,
  post: PostRef,
  profileIds: readonly string[],
): Promise<string[]> {
  if (profileIds.length === 0) {
    return [];
  }
  const found = await rows<{ id: string }>(
    db,
    sql`select p.id from profiles p where p.id = any(${uuidArray(profileIds)})
      and ${readsPost(post.appId, post.spaceId)}`,
  );
  return found.map((row) => row.id);
}

const title = (post: PostRef) => ({ title: post.name });

/** Who may hear of a comment (named: every comment asks; planned once per connection). */
const candidatesStatement = (inSpace: boolean) =>
  preparedSql(
    `community_comment_candidates_${inSpace ? 'space' : 'category'}`,
    sql`with candidates (id, why) as (
        select unnest(${sql.placeholder('mentioned')}::uuid[]), 'mention'
        union all
        select author_profile_id, 'parent' from comments
        where id = ${sql.placeholder('parent')}::uuid and not is_deleted
        union all
        select profile_id, 'follower' from community_post_follows where post_id = ${sql.placeholder('postId')}::uuid
      )
      select c.id, c.why, exists (select 1 from profiles p where p.id = c.id and ${readsPost(
        sql`${sql.placeholder('appId')}::uuid`,
        inSpace ? sql`${sql.placeholder('spaceId')}::uuid` : null,
      )}) as reads
      from candidates c`,
  );
const candidatesInSpace = candidatesStatement(true);
const candidatesInCategory = candidatesStatement(false);

/** A new comment or reply: mentioned people, the replied-to author, the post's author and followers. */
export async function notifyComment(
  tx: DbOrTx,
  input: {
    post: PostRef;
    commentId: string;
    authorProfileId: string;
    parentCommentId: string | null;
    mentionedProfileIds: readonly string[];
  },
): Promise<RecordedNotification[]> {
  const { post, commentId, authorProfileId } = input;
  // Who may hear of it, and whether they read the post, in one statement: the mentioned, the author of the
  // comment replied to, the post's followers.
  const candidates = await (post.spaceId === null ? candidatesInCategory : candidatesInSpace).run<{
    id: string;
    why: 'mention' | 'parent' | 'follower';
    reads: boolean;
  }>(tx, {
    mentioned: `{${input.mentionedProfileIds.join(',')}}`,
    parent: input.parentCommentId,
    postId: post.id,
    appId: post.appId,
    spaceId: post.spaceId,
  });
  const parentAuthor = candidates.find((row) => row.why === 'parent')?.id ?? null;
  const followers = candidates.filter((row) => row.why === 'follower').map((row) => row.id);
  const readers = new Set(candidates.filter((row) => row.reads).map((row) => row.id));
  const told = new Set<string>([authorProfileId]);
  const take = (ids: readonly string[]) => {
    const fresh = ids.filter((id) => !told.has(id) && (readers.has(id) || id === post.authorProfileId));
    fresh.forEach((id) => told.add(id));
    return fresh;
  };
  const base = {
    appId: post.appId,
    actorProfileId: authorProfileId,
    postId: post.id,
    commentId,
    data: title(post),
  };
  const events: NotificationEvent[] = [
    { ...base, type: 'mention', recipients: take(input.mentionedProfileIds) },
    {
      ...base,
      type: 'comment_reply',
      recipients: take(parentAuthor ? [parentAuthor] : []),
      collapseKey: `comment_reply:${post.id}`,
    },
    {
      ...base,
      type: 'new_comment',
      recipients: take([post.authorProfileId, ...followers]),
      collapseKey: `new_comment:${post.id}`,
    },
  ];
  return recordNotifications(tx, events);
}

/** A like of a post tells its author. */
export async function notifyPostLike(tx: DbOrTx, post: PostRef, likerProfileId: string) {
  return recordNotifications(tx, [
    {
      appId: post.appId,
      type: 'post_like',
      recipients: [post.authorProfileId],
      actorProfileId: likerProfileId,
      postId: post.id,
      collapseKey: `post_like:${post.id}`,
      data: title(post),
    },
  ]);
}

/** A like of a comment tells its author. */
export async function notifyCommentLike(
  tx: DbOrTx,
  input: { post: PostRef; commentId: string; commentAuthorProfileId: string; likerProfileId: string },
) {
  const recipients = await readersAmong(tx, input.post, [input.commentAuthorProfileId]);
  return recordNotifications(tx, [
    {
      appId: input.post.appId,
      type: 'comment_like',
      recipients,
      actorProfileId: input.likerProfileId,
      postId: input.post.id,
      commentId: input.commentId,
      collapseKey: `comment_like:${input.commentId}`,
      data: title(input.post),
    },
  ]);
}

/**
 * A published post (the worker's fan-out job): the people it mentions, then the members of its space who want
 * every new post (`all_new`), or pinned ones only (`all_pinned`) when it is pinned. Idempotent: a person already
 * told of this post is not told again.
 */
export async function notifyPublishedPost(tx: DbOrTx, postId: string): Promise<RecordedNotification[]> {
  const [post] = await rows<{
    id: string;
    app_id: string;
    space_id: string | null;
    author_profile_id: string;
    name: string;
    pinned: boolean;
  }>(
    tx,
    sql`select id, app_id, space_id, author_profile_id, name, (pinned_to_top_at is not null) as pinned
      from community_posts where id = ${postId} and published_at is not null and deleted_at is null`,
  );
  if (!post) {
    return [];
  }
  const ref: PostRef = {
    id: post.id,
    appId: post.app_id,
    spaceId: post.space_id,
    authorProfileId: post.author_profile_id,
    name: post.name,
  };
  const told = new Set(
    (
      await rows<{ profile_id: string }>(
        tx,
        sql`select profile_id from notifications where post_id = ${post.id} and type in ('mention', 'new_post')`,
      )
    ).map((row) => row.profile_id),
  );
  told.add(post.author_profile_id);
  const mentioned = await rows<{ profile_id: string }>(
    tx,
    sql`select profile_id from mentions where source_type = 'post' and source_id = ${post.id}`,
  );
  const mentionReaders = (
    await readersAmong(
      tx,
      ref,
      mentioned.map((row) => row.profile_id),
    )
  ).filter((id) => !told.has(id));
  mentionReaders.forEach((id) => told.add(id));
  const wanted = post.pinned ? sql`m.notify in ('all_new', 'all_pinned')` : sql`m.notify = 'all_new'`;
  const members =
    post.space_id === null
      ? []
      : await rows<{ profile_id: string }>(
          tx,
          sql`select m.profile_id from community_space_members m join profiles p on p.id = m.profile_id
            where m.space_id = ${post.space_id} and m.status = 'active' and ${wanted} and p.deleted_at is null`,
        );
  const base = { appId: ref.appId, actorProfileId: ref.authorProfileId, postId: ref.id, data: title(ref) };
  return recordNotifications(tx, [
    { ...base, type: 'mention', recipients: mentionReaders },
    {
      ...base,
      type: 'new_post',
      recipients: members.map((row) => row.profile_id).filter((id) => !told.has(id)),
    },
  ]);
}
