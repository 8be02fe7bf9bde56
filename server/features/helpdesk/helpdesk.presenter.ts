import type {
  HelpdeskAbility,
  HelpdeskArticle,
  HelpdeskArticleSummary,
  HelpdeskCategory,
  HelpdeskCrumb,
} from '../../../contracts/helpdesk.ts';
import { pictureUrl, type UrlSign } from '../cloud/public.ts';
import type { ArticleRow, CategoryRow } from './helpdesk.access.ts';

/** A category as the caller sees it; `allArticlesCount` only for editors. */
export function presentCategory(
  row: CategoryRow & { depth: number },
  can: readonly HelpdeskAbility[],
  allArticlesCount: number | null,
): HelpdeskCategory {
  return {
    id: row.id,
    parentId: row.parentId,
    name: row.name,
    slug: row.slug,
    description: row.description,
    depth: row.depth,
    position: row.position,
    articlesCount: row.articlesCount,
    allArticlesCount: can.includes('edit') ? allArticlesCount : null,
    permissions: { can: [...can] },
  };
}

/** The first words of a text, cut at a word with an ellipsis. */
export function excerptOf(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) {
    return flat;
  }
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

export type ArticleSummaryRow = Pick<
  ArticleRow,
  | 'id'
  | 'categoryId'
  | 'name'
  | 'slug'
  | 'bodyText'
  | 'coverId'
  | 'isPublished'
  | 'position'
  | 'helpfulCount'
  | 'notHelpfulCount'
  | 'viewsCount'
  | 'updatedAt'
>;

export function presentArticleSummary(
  sign: UrlSign,
  row: ArticleSummaryRow,
  can: readonly HelpdeskAbility[],
): HelpdeskArticleSummary {
  return {
    id: row.id,
    categoryId: row.categoryId,
    name: row.name,
    slug: row.slug,
    excerpt: excerptOf(row.bodyText),
    cover: row.coverId ? { id: row.coverId, url: pictureUrl(sign, row.coverId, 'preview') } : null,
    isPublished: row.isPublished,
    position: row.position,
    helpfulCount: row.helpfulCount,
    notHelpfulCount: row.notHelpfulCount,
    viewsCount: row.viewsCount,
    updatedAt: row.updatedAt.toISOString(),
    permissions: { can: [...can] },
  };
}

export function presentArticle(
  sign: UrlSign,
  row: ArticleRow,
  can: readonly HelpdeskAbility[],
  extra: { categories: HelpdeskCrumb[]; myVote: boolean | null },
): HelpdeskArticle {
  return {
    ...presentArticleSummary(sign, row, can),
    body: row.bodyHtml,
    categories: extra.categories,
    myVote: extra.myVote,
  };
}
