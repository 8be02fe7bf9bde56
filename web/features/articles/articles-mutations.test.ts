import { describe, expect, it } from 'vitest';
import type { Article } from '../../../contracts/articles';
import { applyStanding } from './articles-mutations';

const article = (values: Partial<Article>) =>
  ({ likes: 3, dislikes: 1, reaction: null, isFavorite: false, ...values }) as Article;

describe('applyStanding (the article page before the server answers)', () => {
  it('adds a like, switches it to a dislike, and takes it back', () => {
    expect(applyStanding(article({}), { reaction: 'like' })).toEqual({
      likes: 4,
      dislikes: 1,
      reaction: 'like',
      isFavorite: false,
    });
    expect(applyStanding(article({ likes: 4, reaction: 'like' }), { reaction: 'dislike' })).toMatchObject({
      likes: 3,
      dislikes: 2,
      reaction: 'dislike',
    });
    expect(applyStanding(article({ dislikes: 2, reaction: 'dislike' }), { reaction: null })).toMatchObject({
      likes: 3,
      dislikes: 1,
      reaction: null,
    });
  });

  it('toggles the favourite without touching the counters', () => {
    expect(applyStanding(article({ reaction: 'like' }), { isFavorite: true })).toEqual({
      likes: 3,
      dislikes: 1,
      reaction: 'like',
      isFavorite: true,
    });
  });
});
