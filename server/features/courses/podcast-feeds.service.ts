import { createHmac, randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { constantTimeEqual, keyedHash } from '../../platform/crypto.ts';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import { richTextToPlainText } from '../../platform/rich-text.ts';
import { attachedFiles, pictureUrl, type AttachedFile, type UrlSign } from '../cloud/public.ts';
import { loadAppAccess } from '../workspace/public.ts';
import { accessEndOf } from './course-access.ts';
import { courseRulesOf, evaluateCourse, isOpen } from './course-outline.ts';
import { courseAccessOf, type CourseAccessOf } from './courses.access.ts';
import * as repo from './podcast-feeds.repo.ts';
import { podcastRss, type PodcastEpisode } from './podcast-rss.ts';

/*
 * Private podcast feeds (issue 19 "Podcasts", docs/decisions/courses.md): a member's feed of a podcast course at
 * `{app base url}/api/podcasts/{tokenId}.{mac}.rss`, mac = HMAC-SHA256(feed key, tokenId + nonce) in base64url,
 * as the events' calendar feeds do it (nothing that opens it is stored). Revoking ends the URL. The feed lists
 * the lessons open to the member now (drip, order and time limit: course-access.ts) that have an audio or a
 * library video; once their access ended, or they left the app, one "access ended" item instead.
 *
 * Enclosures point at `/api/podcasts/{token}/{lessonId}.{ext}`, which checks the token and the lesson again and
 * answers 302 to a freshly signed blob address (Range supported there). Why not the signed blob address itself:
 * podcast apps download hours or days after reading the feed, the signer's links live 6–12 h (one TTL per process,
 * its secret is not the features'), and a long-lived bearer link would outlive revocation and the access end.
 * The enclosure address stays the same forever, which is also what apps key their downloads by.
 */

const tokenPattern = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/;
const episodePattern = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:\.[a-z0-9]{1,5})?$/;

/** The key of the podcast feed URLs' MACs, derived from the server's secret (apart from the calendar feeds' key). */
export const podcastFeedKeyOf = (serverSecret: string) => keyedHash(serverSecret, 'course-podcast-feeds');

const macOf = (feedKey: string, tokenId: string, nonce: string) =>
  createHmac('sha256', feedKey).update(`${tokenId}${nonce}`).digest('base64url');

/** Types podcast apps play as they are; any other video goes out as the library's converted mp4. */
const playableVideo = new Set(['video/mp4', 'video/quicktime', 'video/x-m4v']);
const extensionOf: Record<string, string> = {
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/x-m4a': 'm4a',
  'audio/aac': 'aac',
  'audio/ogg': 'ogg',
  'audio/wav': 'wav',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/x-m4v': 'm4v',
};

type Media = { file: AttachedFile; variant: 'original' | 'video'; type: string; length: number };

/** The episode's media: the lesson's first audio, else its first library video (null while unconverted). */
function mediaOf(lesson: repo.EpisodeLesson, files: Map<string, AttachedFile>): Media | null {
  const audio = lesson.audioIds.map((id) => files.get(id)).find((file) => file?.type === 'audio');
  if (audio) {
    return { file: audio, variant: 'original', type: audio.mimeType, length: audio.size };
  }
  for (const video of lesson.videos) {
    const file = 'fileId' in video ? files.get(video.fileId) : undefined;
    if (file?.type !== 'video') {
      continue;
    }
    if (playableVideo.has(file.mimeType)) {
      return { file, variant: 'original', type: file.mimeType, length: file.size };
    }
    if (file.url) {
      // The converted mp4's size is not kept; RSS asks for 0 when the length is unknown.
      return { file, variant: 'video', type: 'video/mp4', length: 0 };
    }
  }
  return null;
}

const mediaFileIds = (lesson: repo.EpisodeLesson) => [
  ...lesson.audioIds,
  ...lesson.videos.flatMap((video) => ('fileId' in video ? [video.fileId] : [])),
];

const notices = {
  de: {
    title: 'Ihr Zugang ist abgelaufen',
    text: (course: string) =>
      `Ihr Zugang zu „${course}“ ist abgelaufen. Die Folgen dieses Podcasts sind für Sie nicht mehr verfügbar.`,
  },
  en: {
    title: 'Your access has ended',
    text: (course: string) =>
      `Your access to “${course}” has ended. The episodes of this podcast are no longer available to you.`,
  },
} as const;

export function createPodcastFeedService(deps: {
  db: Db;
  sign: UrlSign;
  appBaseUrl: string;
  feedKey: string;
  now?: () => Date;
}) {
  const { db, sign, appBaseUrl, feedKey } = deps;
  const now = deps.now ?? (() => new Date());
  const feedUrlOf = (token: string) => `${appBaseUrl}/api/podcasts/${token}.rss`;

  /** The caller's profile in a podcast course: 404 for other courses, 403 for who has no profile of their own. */
  const ownProfile = (access: CourseAccessOf) => {
    if (access.course.type !== 'podcast') {
      throw notFound();
    }
    if (!access.app.profile || access.app.masquerade !== null) {
      throw forbidden();
    }
    return access.app.profile.id;
  };

  /** The token's owner, or 404 when the token is malformed, forged or revoked. */
  const ownerOf = async (token: string) => {
    const match = tokenPattern.exec(token);
    const owner = match ? await repo.findFeedOwner(db, match[1]!) : undefined;
    if (
      !match ||
      !owner ||
      owner.course.type !== 'podcast' ||
      !constantTimeEqual(match[2]!, macOf(feedKey, match[1]!, owner.nonce))
    ) {
      throw notFound();
    }
    return { token, owner };
  };

  /**
   * The member's access to the course now, or null when they have none any more (left the app, blocked, the
   * course unpublished or gone): the feed then says their access ended.
   */
  const memberAccess = async (owner: repo.FeedOwner) => {
    if (owner.profile.deletedAt !== null) {
      return null;
    }
    try {
      const app = await loadAppAccess(
        db,
        { kind: 'account', accountId: owner.profile.accountId, sessionId: null },
        owner.app.id,
      );
      if (app.profile?.id !== owner.profile.id) {
        return null;
      }
      return courseAccessOf(app, owner.course);
    } catch (error) {
      if (error instanceof AppError && (error.statusCode === 404 || error.statusCode === 403)) {
        return null;
      }
      throw error;
    }
  };

  /** The lessons open to the member with their media, in course order, numbered as in the course. */
  const episodesOf = async (access: CourseAccessOf) => {
    const at = now();
    const evaluation = await evaluateCourse(db, access, at);
    const ended = accessEndOf(courseRulesOf(access.course), evaluation.reader);
    if (ended !== null && ended <= at) {
      return { endedAt: ended, episodes: [] };
    }
    const numbered = evaluation.outline.lessons
      .filter((lesson) => lesson.isActive)
      .map((lesson, index) => ({ id: lesson.id, number: index + 1 }));
    const open = numbered.filter((lesson) => isOpen(evaluation.actions.get(lesson.id)));
    const lessons = await repo.episodeLessons(
      db,
      access.course.id,
      open.map((lesson) => lesson.id),
    );
    const files = await attachedFiles(db, sign, [...lessons.values()].flatMap(mediaFileIds));
    const episodes = open.flatMap(({ id, number }) => {
      const lesson = lessons.get(id);
      const media = lesson ? mediaOf(lesson, files) : null;
      return lesson && media ? [{ lesson, media, number }] : [];
    });
    return { endedAt: null, episodes };
  };

  return {
    /** The caller's feed URL of the podcast course, made on the first ask. */
    async feedUrl(access: CourseAccessOf): Promise<{ url: string }> {
      const profileId = ownProfile(access);
      const row = await repo.liveFeedToken(
        db,
        access.course.id,
        profileId,
        randomBytes(16).toString('base64url'),
      );
      return { url: feedUrlOf(`${row.id}.${macOf(feedKey, row.id, row.nonce)}`) };
    },

    /** Ends the caller's feed URL: the next ask makes a new one. */
    async revoke(access: CourseAccessOf): Promise<void> {
      await repo.revokeFeedToken(db, access.course.id, ownProfile(access));
    },

    /** `GET /api/podcasts/{token}.rss`: the feed's text (404 for a malformed, forged or revoked token). */
    async feed(token: string): Promise<string> {
      const { owner } = await ownerOf(token);
      const { course, app } = owner;
      const access = await memberAccess(owner);
      const { endedAt, episodes } = access ? await episodesOf(access) : { endedAt: now(), episodes: [] };
      const language = owner.profile.language ?? app.language;
      const notice = notices[language];
      const items: PodcastEpisode[] =
        access && endedAt === null
          ? episodes.reverse().map(({ lesson, media, number }) => ({
              guid: lesson.id,
              title: lesson.name,
              description: richTextToPlainText(lesson.bodyHtml),
              pubDate: lesson.createdAt,
              enclosure: {
                url: `${appBaseUrl}/api/podcasts/${token}/${lesson.id}.${extensionOf[media.type] ?? 'bin'}`,
                length: media.length,
                type: media.type,
              },
              durationSeconds: media.file.durationMs === null ? null : media.file.durationMs / 1000,
              episode: number,
            }))
          : [
              {
                // One guid per feed: apps show the notice once, however often they refresh.
                guid: `${course.id}:access-ended`,
                title: notice.title,
                description: notice.text(course.name),
                pubDate: endedAt ?? now(),
                enclosure: null,
                durationSeconds: null,
                episode: null,
              },
            ];
      return podcastRss({
        title: course.name,
        link: `${appBaseUrl}/${encodeURIComponent(app.slug)}/courses/c/${encodeURIComponent(course.slug)}`,
        selfUrl: feedUrlOf(token),
        description: course.note,
        language,
        author: app.name,
        // Artwork is fetched with the feed, so the signer's 6–12 h suffice; a refresh brings a new address.
        imageUrl: pictureUrl(sign, course.coverId, 'original'),
        episodes: items,
      });
    },

    /**
     * `GET /api/podcasts/{token}/{lessonId}.{ext}`: where the episode's bytes are now, a signed blob address;
     * 404 unless the lesson is open to the member and has media.
     */
    async episodeUrl(token: string, episode: string): Promise<string> {
      const { owner } = await ownerOf(token);
      const lessonId = episodePattern.exec(episode)?.[1];
      const access = lessonId ? await memberAccess(owner) : null;
      if (!lessonId || !access) {
        throw notFound();
      }
      const { episodes } = await episodesOf(access);
      const found = episodes.find((candidate) => candidate.lesson.id === lessonId);
      if (!found) {
        throw notFound();
      }
      const { file, variant } = found.media;
      // Signed just now (attachedFiles): valid 6–12 h, long enough for a download starting now.
      return variant === 'video' && file.url ? file.url : file.downloadUrl;
    },
  };
}

export type PodcastFeedService = ReturnType<typeof createPodcastFeedService>;
