import { sql } from 'drizzle-orm';
import type { Language } from '../../../contracts/language.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { NotificationFacts } from './notification-texts.ts';

/*
 * Notification items as they leave the app (mails, digests, push messages): the item with its recipient's
 * address, language and settings, the app, the latest actor and the post, and the addresses they link to.
 */

export type Due = {
  id: string;
  type: string;
  count: number;
  actors_count: number;
  read_at: string | null;
  data: Record<string, string> | string;
  profile_id: string;
  project_id: string;
  is_email_enabled: boolean;
  email_actions: string[] | string;
  is_push_enabled: boolean;
  push_actions: string[] | string;
  language: Language;
  email: string;
  app_id: string;
  app_name: string;
  app_slug: string;
  logo_id: string | null;
  app_icon_id: string | null;
  actor_name: string | null;
  post_slug: string | null;
  post_name: string | null;
  space_slug: string | null;
  post_container: string | null;
};

export async function rows<Row>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}

export const jsonOf = <T>(value: T | string): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;

/** The item with everything its mail says; the post only while it is live and published. */
export const dueColumns = sql`n.id, n.type, n.count, n.actors_count, n.read_at, n.data, n.profile_id, p.project_id,
  p.is_email_enabled, p.email_actions, p.is_push_enabled, p.push_actions, coalesce(p.language, a.language) as language, a.email,
  ap.id as app_id, ap.name as app_name, ap.slug as app_slug, ap.logo_id, ap.app_icon_id,
  nullif(trim(actor_account.first_name || ' ' || actor_account.last_name), '') as actor_name,
  cp.slug as post_slug, cp.name as post_name, cs.slug as space_slug, cp.container as post_container`;

export const dueJoins = sql`join profiles p on p.id = n.profile_id and p.deleted_at is null
  join accounts a on a.id = p.account_id and a.deleted_at is null
  join apps ap on ap.id = n.app_id
  left join profiles actor on actor.id = n.actor_ids[1]
  left join accounts actor_account on actor_account.id = actor.account_id
  left join community_posts cp on cp.id = n.post_id and cp.deleted_at is null and cp.published_at is not null
  left join community_spaces cs on cs.id = cp.space_id`;

/** The addresses and words of outgoing items, below the app origin `appBaseUrl`. */
export function itemAddresses(appBaseUrl: string) {
  const appUrl = (slug: string) => `${appBaseUrl}/${encodeURIComponent(slug)}`;
  const linkOf = (row: Due) => {
    const chatId =
      row.type === 'chat_message' || row.type === 'chat_mention'
        ? jsonOf<Record<string, string>>(row.data).chatId
        : undefined;
    if (chatId) {
      return `${appUrl(row.app_slug)}/chat/${encodeURIComponent(chatId)}`;
    }
    if (row.type === 'article_announced') {
      // The article's address as it was announced (the page finds it by its slug under any category slug).
      const { categorySlug, articleSlug } = jsonOf<Record<string, string>>(row.data);
      if (categorySlug && articleSlug) {
        return `${appUrl(row.app_slug)}/articles/${encodeURIComponent(categorySlug)}/${encodeURIComponent(articleSlug)}`;
      }
    }
    // An event's reminder or seat, and comments on an event: its page (at the occurrence, when one is named).
    const { eventSlug, occurrence, lessonSlug, courseSlug } = jsonOf<Record<string, string>>(row.data);
    // A course's news and comments on a lesson: the lesson's page, else the course's.
    if (lessonSlug) {
      return `${appUrl(row.app_slug)}/courses/l/${encodeURIComponent(lessonSlug)}`;
    }
    if (courseSlug) {
      return `${appUrl(row.app_slug)}/courses/c/${encodeURIComponent(courseSlug)}`;
    }
    if (eventSlug) {
      const query = occurrence ? `?occurrence=${encodeURIComponent(occurrence)}` : '';
      return `${appUrl(row.app_slug)}/events/${encodeURIComponent(eventSlug)}/view${query}`;
    }
    if (row.post_slug === null) {
      return `${appUrl(row.app_slug)}/notifications`;
    }
    const post = encodeURIComponent(row.post_slug);
    return row.space_slug !== null
      ? `${appUrl(row.app_slug)}/groups/g/${encodeURIComponent(row.space_slug)}/p/${post}`
      : `${appUrl(row.app_slug)}/communities/p/${post}`;
  };
  const logoOf = (row: Due) =>
    row.logo_id || row.app_icon_id ? `${appBaseUrl}/api/apps/${row.app_id}/logo` : undefined;
  const factsOf = (row: Due): NotificationFacts => {
    const data = jsonOf<Record<string, string>>(row.data);
    return {
      type: row.type,
      count: Number(row.count),
      actorsCount: Number(row.actors_count),
      actorName: row.actor_name,
      // A post that is gone or held is not named (its title may be what was rejected); an article has no post.
      postName:
        row.post_name ??
        (data.eventSlug ||
        data.lessonSlug ||
        data.courseSlug ||
        ['post_rejected', 'article_announced', 'level_reached'].includes(row.type)
          ? (data.title ?? '')
          : ''),
      reason: data.reason ?? '',
      chatKind: data.chatKind ?? '',
      chatName: data.chatName ?? '',
      excerpt: data.excerpt ?? '',
      ...(data.offsetSeconds === undefined ? {} : { offsetSeconds: Number(data.offsetSeconds) }),
    };
  };
  return { appUrl, linkOf, logoOf, factsOf };
}
