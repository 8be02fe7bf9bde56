import type { Outcome, Role } from './expected.ts';

/*
 * The route matrix's expectations for the articles (issue 20), written by hand from the rules
 * (docs/decisions/articles.md) and not computed by articles.policy.ts. The fixture's app keeps its `articles`
 * service off (the default), so only the app's editors (owner, admins, the app-managing team: `create_article`)
 * see the published article and the category; reacting and keeping a favourite need a profile of one's own.
 * Masquerading as a member lowers the admin to a member, who does not see a switched-off service.
 *
 *   article           `article(:id)`: the fixture's published article;
 *   article category  `article-category(:id)`: its category.
 */

export const articleColumns = {
  article: 'article',
  'article category': 'article_category',
} as const;

export const articleScopeColumns = {
  'article(:id)': 'article',
  'article-category(:id)': 'article category',
} as const;

type ArticleHoldings = Partial<Record<keyof typeof articleColumns, Outcome>>;

const hidden: ArticleHoldings = { article: 'not-found', 'article category': 'not-found' };
const refused: ArticleHoldings = { article: [], 'article category': [] };
const categoryEditor = ['view', 'edit', 'delete', 'move'];
const editor: ArticleHoldings = {
  article: ['view', 'edit', 'delete', 'react', 'favorite'],
  'article category': categoryEditor,
};
const editorWithoutProfile: ArticleHoldings = {
  article: ['view', 'edit', 'delete'],
  'article category': categoryEditor,
};

export const articleHoldingsOf: Record<Role, ArticleHoldings> = {
  owner: editor,
  admin: editor,
  moderator: hidden,
  member: hidden,
  invited: hidden,
  guest: hidden,
  'signed-in stranger': hidden,
  'blocked member': hidden,
  'punished member': hidden,
  'team member': editorWithoutProfile,
  'pending team member': hidden,
  'admin as member': hidden,
  'admin as owner': refused,
  'admin as admin': refused,
  'team member as owner': refused,
  'team: no rights': hidden,
  'team: only edit': hidden,
  'team: only apps': editorWithoutProfile,
  'team: only files': hidden,
  'team: only plans': hidden,
  'team: only payment providers': hidden,
};
