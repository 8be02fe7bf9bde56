import type { FastifyRequest } from 'fastify';
import { sharePreviewDescriptionLength } from '../../../contracts/community-share.ts';
import type { Language } from '../../../contracts/language.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { FeatureContext } from '../../platform/features.ts';
import { richTextToPlainText } from '../../platform/rich-text.ts';
import type { PageHead, PageHeadResolver } from '../../platform/static-web.ts';
import { appHostOf, servicesOf } from '../apps/public.ts';
import { findLiveAppBySlug, loadAppAccess, type AppAccess } from '../workspace/public.ts';
import { communityActorOf, type CategoryRow, type PostRow, type SpaceRow } from './community.access.ts';
import { categoryAbilities, spaceReadable } from './community.policy.ts';
import { findContainer, findPostByShareHash, findPostBySlug } from './share.repo.ts';

/*
 * Link previews of posts (issue 15 "Share links and previews", docs/DECISIONS.md "Community: comments and share
 * previews"). Messengers and social networks read a shared address's HTML without running scripts, so the server
 * writes the post's title, description, image and canonical address into the page for
 *
 *   /{appSlug}/groups/g/{spaceSlug}/p/{postSlug}          /{appSlug}/groups/g/{spaceSlug}/share/{shareHash}
 *   /{appSlug}/communities/c/{categorySlug}/p/{postSlug}  /{appSlug}/communities/c/{categorySlug}/share/{shareHash}
 *   /{appSlug}/communities/p/{postSlug}                   and the deprecated /{appSlug}/s/{spaceSlug}/p|share/…
 *
 * on the public domain. Whose content a preview may show:
 *   - a post page: a published post with sharing allowed that an anonymous visitor may read (an open space, or a
 *     category, of an app that lets guests into that service);
 *   - a share address: a published post with sharing allowed in an open space or a category (the service
 *     switched on), also when guests must sign in to read it — sharing is the member's choice, and the author's
 *     "no sharing" flag stops it.
 * Everything else — private and secret spaces above all, unknown, scheduled or deleted posts — gets the app's
 * generic preview, which names neither the post nor its text and tells search engines not to index it.
 */

export type CommunityAddress = {
  appSlug: string;
  kind: 'page' | 'share';
  /** `p/{postSlug}` or `share/{shareHash}`. */
  key: string;
  /** The path as requested (without its query). */
  path: string;
};

const postAddresses: RegExp[] = [
  /^\/([^/]+)\/groups\/g\/[^/]+\/(p|share)\/([^/]+)\/?$/,
  /^\/([^/]+)\/communities\/c\/[^/]+\/(p|share)\/([^/]+)\/?$/,
  /^\/([^/]+)\/communities\/(p)\/([^/]+)\/?$/,
  /^\/([^/]+)\/s\/[^/]+\/(p|share)\/([^/]+)\/?$/,
];

/** The post or share address a path names, or null for any other address. */
export function communityAddressOf(url: string): CommunityAddress | null {
  const path = url.split(/[?#]/)[0] ?? '';
  for (const pattern of postAddresses) {
    const match = pattern.exec(path);
    if (match) {
      try {
        return {
          appSlug: decodeURIComponent(match[1]!).toLowerCase(),
          kind: match[2] === 'share' ? 'share' : 'page',
          key: decodeURIComponent(match[3]!),
          path,
        };
      } catch {
        // Bad percent-encoding: not an address of ours.
        return null;
      }
    }
  }
  return null;
}

/** A post with its container, as a preview needs it. */
export type SharedPost = { post: PostRow; space: SpaceRow | null; category: CategoryRow | null };

/**
 * Whether a preview may show the post's content (see above). `app` is the app as an anonymous visitor sees it.
 */
export function previewShowsPost(app: AppAccess, shared: SharedPost, via: 'page' | 'share'): boolean {
  const { post, space, category } = shared;
  if (post.publishedAt === null || post.deletedAt !== null || post.isShareDisabled) {
    return false;
  }
  const services = servicesOf(app.app.options);
  if (space) {
    if (space.access !== 'open') {
      return false;
    }
    const standing = {
      access: space.access,
      membership: null,
      isSpaceModerator: false,
      isGroupModerator: false,
    };
    return via === 'share' ? services.community : spaceReadable(communityActorOf(app, 'community'), standing);
  }
  if (!category) {
    return false;
  }
  return via === 'share'
    ? services.communities
    : categoryAbilities(communityActorOf(app, 'communities')).includes('view');
}

/** The post a share hash names, with its container, when a preview (and its image) may show it. */
export async function findSharedPost(
  db: DbOrTx,
  app: AppAccess,
  shareHash: string,
): Promise<SharedPost | null> {
  const post = await findPostByShareHash(db, app.app.id, shareHash);
  if (!post) {
    return null;
  }
  const shared = { post, ...(await findContainer(db, post)) };
  return previewShowsPost(app, shared, 'share') ? shared : null;
}

const genericDescription: Record<Language, string> = {
  de: 'Community, Kurse und Mitgliedschaften an einem Ort.',
  en: 'Community, courses and memberships in one place.',
};
const locales: Record<Language, string> = { de: 'de_DE', en: 'en_US' };

/** The address of the post's own page (the canonical one of every address of the post). */
function postPagePath(appSlug: string, shared: SharedPost): string {
  const { post, space, category } = shared;
  return space
    ? `/${appSlug}/groups/g/${space.slug}/p/${post.slug}`
    : `/${appSlug}/communities/c/${category!.slug}/p/${post.slug}`;
}

function postHead(app: AppAccess, shared: SharedPost, base: string): PageHead {
  const { post } = shared;
  const appRow = app.app;
  const canonical = `${base}${postPagePath(appRow.slug, shared)}`;
  const text = richTextToPlainText(post.bodyHtml, { maxLength: sharePreviewDescriptionLength }).replace(
    /\n/g,
    ' ',
  );
  const description = post.metaDescription || text;
  const image =
    post.ogImageId || post.coverId
      ? `${base}/api/apps/${appRow.id}/community/share/${post.shareHash}/cover`
      : null;
  return {
    title: `${post.metaTitle || post.name} · ${appRow.name}`,
    meta: [
      { name: 'description', content: description },
      { property: 'og:type', content: 'article' },
      { property: 'og:site_name', content: appRow.name },
      { property: 'og:locale', content: locales[appRow.language] },
      { property: 'og:title', content: post.ogTitle || post.metaTitle || post.name },
      { property: 'og:description', content: post.ogDescription || description },
      { property: 'og:url', content: canonical },
      ...(image ? [{ property: 'og:image', content: image }] : []),
      { property: 'article:published_time', content: post.publishedAt!.toISOString() },
      { name: 'twitter:card', content: 'summary' },
    ],
    canonical,
  };
}

/** The app's own preview: its name, a general description, its logo; nothing of the post. */
function genericHead(app: AppAccess, base: string): PageHead {
  const appRow = app.app;
  const home = `${base}/${appRow.slug}`;
  const logo = appRow.logoId || appRow.appIconId ? `${base}/api/apps/${appRow.id}/logo` : null;
  return {
    title: appRow.name,
    meta: [
      { name: 'description', content: genericDescription[appRow.language] },
      { name: 'robots', content: 'noindex' },
      { property: 'og:type', content: 'website' },
      { property: 'og:site_name', content: appRow.name },
      { property: 'og:locale', content: locales[appRow.language] },
      { property: 'og:title', content: appRow.name },
      { property: 'og:description', content: genericDescription[appRow.language] },
      { property: 'og:url', content: home },
      ...(logo ? [{ property: 'og:image', content: logo }] : []),
      { name: 'twitter:card', content: 'summary' },
    ],
    canonical: home,
  };
}

/** The app an anonymous visitor of the slug sees, or null (unknown, archived). */
async function anonymousAppOf(db: DbOrTx, slug: string): Promise<AppAccess | null> {
  const row = await findLiveAppBySlug(db, slug);
  if (!row) {
    return null;
  }
  try {
    return await loadAppAccess(db, { kind: 'anonymous' }, row.id);
  } catch {
    return null;
  }
}

/**
 * The community's answer to the web app's page requests: a post or share address of an app on the public
 * domain gets the post's preview or the app's generic one; any other address, host or unknown app, nothing.
 * Own domains have no slug in their addresses; they join when the domains issue maps them to their app.
 */
export function communityPageHead({ db, config }: Pick<FeatureContext, 'db' | 'config'>): PageHeadResolver {
  const base = appHostOf(config).appBaseUrl;
  return async (request: FastifyRequest) => {
    if (request.host.toLowerCase() !== config.publicDomain.toLowerCase()) {
      return null;
    }
    const address = communityAddressOf(request.url);
    if (!address) {
      return null;
    }
    const app = await anonymousAppOf(db, address.appSlug);
    if (!app) {
      return null;
    }
    const post =
      address.kind === 'share'
        ? await findPostByShareHash(db, app.app.id, address.key)
        : await findPostBySlug(db, app.app.id, address.key);
    const shared = post ? { post, ...(await findContainer(db, post)) } : null;
    return shared && previewShowsPost(app, shared, address.kind)
      ? postHead(app, shared, base)
      : genericHead(app, base);
  };
}
