import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { HelpdeskArticleSummary, HelpdeskCategory } from '../../../contracts/helpdesk';
import { createRoutes } from '../../app/routes';
import { json, routerAnswer, signInForTest, stubFetch, testApp } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';

const id = (tail: string) => `0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4${tail.padStart(3, '0')}`;

const category = (tail: string, name: string, parentId: string | null, depth: number): HelpdeskCategory => ({
  id: id(tail),
  parentId,
  name,
  slug: name.toLowerCase(),
  description: '',
  depth,
  position: 1,
  articlesCount: 1,
  allArticlesCount: null,
  permissions: { can: ['view', 'vote'] },
});

const article = (n: number): HelpdeskArticleSummary => ({
  id: id(String(100 + n)),
  categoryId: id('1'),
  name: `Antwort ${n}`,
  slug: `antwort-${n}`,
  excerpt: '',
  cover: null,
  isPublished: true,
  position: n,
  helpfulCount: 0,
  notHelpfulCount: 0,
  viewsCount: 0,
  updatedAt: '2026-11-01T10:00:00.000Z',
  permissions: { can: ['view', 'vote'] },
});

describe('help-desk category page', () => {
  it('shows the breadcrumbs, the subcategories and the articles, page by page', async () => {
    signInForTest();
    const tree = [category('1', 'Konto', null, 1), category('2', 'Abo', id('1'), 2)];
    stubFetch({
      'GET /api/router': routerAnswer(),
      [`GET /api/apps/${testApp.id}/helpdesk/categories`]: () =>
        json(200, { data: tree, permissions: { can: ['view', 'vote'] } }),
      [`GET /api/helpdesk/categories/${id('1')}/articles`]: (_, url) => {
        const page = Number(url.searchParams.get('page'));
        const items = page === 1 ? [article(1), article(2)] : [article(3)];
        return json(200, { data: items, meta: { page, pages: 2, total: 3 } });
      },
    });
    renderRoutes(createRoutes('app'), { url: '/akademie/helpdesk/konto', host: 'app' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Konto' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Brotkrumen-Navigation' }).textContent).toContain('Hilfe');
    expect(screen.getByTestId('helpdesk-subcategory').textContent).toContain('Abo');
    expect(await screen.findByRole('link', { name: 'Antwort 2' })).toBeTruthy();
    fireEvent.click(screen.getByTestId('helpdesk-articles-more'));
    expect(await screen.findByRole('link', { name: 'Antwort 3' })).toBeTruthy();
    expect(screen.queryByTestId('helpdesk-articles-more')).toBeNull();
  });
});
