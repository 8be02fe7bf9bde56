import { eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { courseLessons } from '../../db/schema/index.ts';
import type { Actor } from '../../platform/auth.ts';
import type { CommentEntity, CommentNotices } from '../community/public.ts';
import { recordNotifications } from '../notifications/public.ts';
import { evaluateCourse, isOpen } from './course-outline.ts';
import { loadLessonAccess, type LessonRow } from './courses.access.ts';

/*
 * Comments on lessons (issue 19, the lesson page's comments tab) run on the community's comments engine
 * (`entityType` lesson), as the events' do. Readers and writers: who may open the lesson now (its action is
 * continue or completed: a locked lesson's conversation stays closed with it); writers also need the lesson's
 * `comment` ability (members who see the course, not guests, not sanctioned); the course's managers delete any
 * comment on it. The counter is `course_lessons.comments_count`, moved in the comment's own transaction.
 */

/** The lesson as the comments engine sees it; 404 when the caller may not see its course. */
export async function lessonCommentEntity(
  db: DbOrTx,
  actor: Actor,
  lessonId: string,
): Promise<CommentEntity> {
  const access = await loadLessonAccess(db, actor, lessonId);
  const evaluation = await evaluateCourse(db, access);
  const open = isOpen(evaluation.actions.get(lessonId));
  const { role, sanction, profileId, guestsMayView } = access.actor;
  return {
    id: access.lesson.id,
    appId: access.course.appId,
    actor: { role, sanction, profileId, guestsMayRead: guestsMayView },
    canView: open,
    canComment: open && access.can.includes('comment'),
    moderates: access.can.includes('update'),
    count: (tx, delta) =>
      tx
        .update(courseLessons)
        .set({ commentsCount: sql`greatest(${courseLessons.commentsCount} + ${delta}, 0)` })
        .where(eq(courseLessons.id, lessonId)),
    post: null,
    notices: lessonCommentNotices(access.lesson),
  };
}

type Candidate = { id: string; why: 'mention' | 'parent' };

/**
 * Who hears of comments on a lesson, among the app's live members: the mentioned (mention) and the author of the
 * comment replied to (comment_reply), each once; a comment's author hears of its likes (comment_like). The items
 * name the lesson and lead to the comment on its page.
 */
function lessonCommentNotices(lesson: LessonRow): CommentNotices {
  const data = { title: lesson.name, lessonId: lesson.id, lessonSlug: lesson.slug };
  const membersAmong = (tx: DbOrTx, candidates: SQL) =>
    rows<Candidate>(
      tx,
      sql`with candidates (id, why) as (${candidates})
        select c.id, c.why from candidates c inner join profiles p on p.id = c.id
        where p.app_id = ${lesson.appId} and p.deleted_at is null and p.type <> 'invited'`,
    );
  return {
    async written(tx, comment) {
      const found = await membersAmong(
        tx,
        sql`select unnest(${sql.param(comment.mentionedProfileIds)}::uuid[]), 'mention'
          union all
          select author_profile_id, 'parent' from comments
          where id = ${comment.parentCommentId}::uuid and not is_deleted`,
      );
      const told = new Set([comment.authorProfileId]);
      const take = (why: Candidate['why']) =>
        found.flatMap((row) => (row.why !== why || told.has(row.id) ? [] : (told.add(row.id), [row.id])));
      const base = {
        appId: lesson.appId,
        actorProfileId: comment.authorProfileId,
        commentId: comment.id,
        data,
      };
      return recordNotifications(tx, [
        { ...base, type: 'mention', recipients: take('mention') },
        {
          ...base,
          type: 'comment_reply',
          recipients: take('parent'),
          collapseKey: `comment_reply:${lesson.id}`,
        },
      ]);
    },
    async liked(tx, like) {
      const found = await membersAmong(tx, sql`select ${like.commentAuthorProfileId}::uuid, 'parent'`);
      return recordNotifications(tx, [
        {
          appId: lesson.appId,
          type: 'comment_like',
          recipients: found.map((row) => row.id),
          actorProfileId: like.likerProfileId,
          commentId: like.commentId,
          collapseKey: `comment_like:${like.commentId}`,
          data,
        },
      ]);
    },
  };
}
