import type { ArticleCategory } from '../../../contracts/articles.ts';
import type { ArticleCategoryRow } from './articles.access.ts';
import type { ArticleCategoryAbility } from './articles.policy.ts';

export function presentArticleCategory(
  row: ArticleCategoryRow,
  can: ArticleCategoryAbility[],
): ArticleCategory {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    position: row.position,
    articlesCount: row.articlesCount,
    permissions: { can },
  };
}
