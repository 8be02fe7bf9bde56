import type { Article, ArticleHighlight, ArticleStanding } from '../../../contracts/articles.ts';
import { pictureUrl, type UrlSign } from '../cloud/public.ts';
import type { ArticleAbility } from './articles.policy.ts';
import { markStart, markStop, type ArticleListRow } from './articles.repo.ts';

const excerptLength = 220;

/** The passage ts_headline marked, as plain text and the ranges of its matches (the web wraps them in <mark>). */
export function highlightOf(headline: string | null): ArticleHighlight | null {
  if (headline === null) {
    return null;
  }
  let text = '';
  const ranges: [number, number][] = [];
  let start = -1;
  for (const character of headline) {
    if (character === markStart) {
      start = text.length;
    } else if (character === markStop) {
      if (start >= 0 && text.length > start) {
        ranges.push([start, text.length]);
      }
      start = -1;
    } else {
      text += character;
    }
  }
  return { text, ranges };
}

function excerptOf(bodyText: string): string {
  const flat = bodyText.replace(/\s+/g, ' ').trim();
  if (flat.length <= excerptLength) {
    return flat;
  }
  const cut = flat.slice(0, excerptLength);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), excerptLength / 2))}…`;
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** A card of a list (`withBody` false: the body stays home, the excerpt speaks for it) or the article page. */
export function presentArticle(
  sign: UrlSign,
  row: ArticleListRow,
  can: ArticleAbility[],
  options: { withBody: boolean },
): Article {
  const { article } = row;
  return {
    id: article.id,
    name: article.name,
    slug: article.slug,
    body: options.withBody ? article.bodyHtml : '',
    excerpt: excerptOf(article.bodyText),
    status: article.status,
    access: article.access,
    isAnnounced: article.isAnnounced,
    isScheduled: article.status === 'active' && article.publishedAt === null && article.publishAt !== null,
    publishAt: iso(article.publishAt),
    timeZone: article.timeZone,
    publishedAt: iso(article.publishedAt),
    category: row.category,
    cover: article.coverId
      ? {
          id: article.coverId,
          tileUrl: pictureUrl(sign, article.coverId, 'tile'),
          previewUrl: pictureUrl(sign, article.coverId, 'preview'),
        }
      : null,
    author: row.author
      ? {
          id: row.author.id,
          firstName: row.author.firstName,
          lastName: row.author.lastName,
          avatarUrl: pictureUrl(sign, row.author.avatarId, 'tile'),
        }
      : null,
    likes: article.likesCount,
    dislikes: article.dislikesCount,
    reaction: reactionOf(row.reaction),
    isFavorite: row.favorite,
    highlight: highlightOf(row.headline),
    createdAt: article.createdAt.toISOString(),
    updatedAt: article.updatedAt.toISOString(),
    permissions: { can },
  };
}

export const reactionOf = (value: number | null): ArticleStanding['reaction'] =>
  value === 1 ? 'like' : value === -1 ? 'dislike' : null;
