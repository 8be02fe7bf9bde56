import type { Notification } from '../../../../contracts/notifications';
import { articlesLinks } from '../../articles';
import { chatScreenPaths } from '../../chat';
import { commentAnchor, communityLinks } from '../../community';
import { coursesLinks } from '../../courses';
import { eventsLinks } from '../../events';

/**
 * Where an item leads: a chat's news to the chat; an announced article to its page (at the address it was
 * announced with: the page finds it by its slug under any category slug); an event's reminder or seat to the
 * event page at its occurrence, a comment on an event to the comment there; a course's news and a comment on a
 * lesson to the lesson (or the course); a level reached to the rewards page; otherwise its post's page in the space or in the communities,
 * at the comment when it is about one. Null when the post is gone or no longer visible to the reader.
 */
export function notificationTarget(appSlug: string, item: Notification): string | null {
  if ((item.type === 'chat_message' || item.type === 'chat_mention') && item.data.chatId) {
    return chatScreenPaths.chat(appSlug, item.data.chatId);
  }
  if (item.type === 'article_announced') {
    const { categorySlug, articleSlug } = item.data;
    return categorySlug && articleSlug ? articlesLinks.article(appSlug, categorySlug, articleSlug) : null;
  }
  if (item.type === 'level_reached') {
    return `/${appSlug}/rewards`;
  }
  if (item.data.lessonSlug) {
    const page = coursesLinks.lesson(appSlug, item.data.lessonSlug);
    return item.commentId ? `${page}#${commentAnchor(item.commentId)}` : page;
  }
  if (item.data.courseSlug) {
    return coursesLinks.course(appSlug, item.data.courseSlug);
  }
  if (item.data.eventSlug) {
    const page = eventsLinks.event(appSlug, item.data.eventSlug, item.data.occurrence);
    return item.commentId ? `${page}#${commentAnchor(item.commentId)}` : page;
  }
  if (item.type === 'event_starts' || item.type === 'event_seat_granted') {
    return null;
  }
  const post = item.post;
  if (!post) {
    return null;
  }
  const page =
    post.container === 'communities'
      ? communityLinks.communitiesPost(appSlug, post.slug)
      : post.spaceSlug
        ? communityLinks.spacePost(appSlug, post.spaceSlug, post.slug)
        : null;
  if (!page) {
    return null;
  }
  return item.commentId ? `${page}#${commentAnchor(item.commentId)}` : page;
}
