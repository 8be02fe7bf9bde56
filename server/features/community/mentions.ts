import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { mentions, profiles } from '../../db/schema/index.ts';
import { extractMentions } from '../../platform/rich-text.ts';

/** Most members one post or comment records as mentioned (more are kept in the text, not notified). */
export const maxMentionsPerText = 50;

/**
 * Records the members a post or comment mentions (issue 15: stored now, notified by the notifications issue).
 * Only live profiles of the same app count: a mention of anyone else stays text. Replaces the earlier set, so
 * an edit that removes a mention removes its row. Returns the recorded profile ids.
 */
export async function recordMentions(
  tx: DbOrTx,
  source: { type: 'post' | 'comment'; id: string; appId: string },
  html: string,
): Promise<string[]> {
  const wanted = extractMentions(html).slice(0, maxMentionsPerText);
  await tx
    .delete(mentions)
    .where(and(eq(mentions.sourceType, source.type), eq(mentions.sourceId, source.id)));
  if (wanted.length === 0) {
    return [];
  }
  const live = await tx
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.appId, source.appId), inArray(profiles.id, wanted), isNull(profiles.deletedAt)));
  const ids = live.map((row) => row.id);
  if (ids.length > 0) {
    await tx
      .insert(mentions)
      .values(
        ids.map((profileId) => ({
          sourceType: source.type,
          sourceId: source.id,
          profileId,
          appId: source.appId,
        })),
      )
      .onConflictDoNothing();
  }
  return ids;
}
