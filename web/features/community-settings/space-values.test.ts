import { describe, expect, it } from 'vitest';
import {
  emptySpaceValues,
  spaceCreateBodyOf,
  spaceIssuesOf,
  spacePatchBodyOf,
  withVisibleTabs,
  type SpaceValues,
} from './space-values';

const moderator = {
  id: '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4e31',
  firstName: 'Lea',
  lastName: 'Kurz',
  avatarUrl: null,
};
const values = (extra: Partial<SpaceValues> = {}): SpaceValues => ({
  ...emptySpaceValues,
  name: ' Fragen ',
  ...extra,
});

describe('space form values', () => {
  it('sends a private space with its moderators, tabs in their order and no empty slug', () => {
    expect(
      spaceCreateBodyOf(
        values({ access: 'private', visibleTabs: ['rules', 'posts'], moderators: [moderator] }),
      ),
    ).toEqual({
      name: 'Fragen',
      description: '',
      access: 'private',
      preModeration: false,
      rules: '',
      coverId: null,
      mobileCoverId: null,
      defaultSort: 'latest',
      defaultTab: 'posts',
      displayView: 'feed',
      visibleTabs: ['posts', 'rules'],
      moderatorProfileIds: [moderator.id],
      requiredStatusId: null,
    });
    expect(spaceCreateBodyOf(values({ slug: ' Fragen-Antworten ' })).slug).toBe('fragen-antworten');
  });

  it('moves the opening tab along when its tab is hidden', () => {
    const next = withVisibleTabs(values({ defaultTab: 'posts' }), ['members', 'rules']);
    expect(next.visibleTabs).toEqual(['members', 'rules']);
    expect(next.defaultTab).toBe('members');
  });

  it('asks for a name and at least one tab, and refuses a bad address', () => {
    expect(spaceIssuesOf(values({ name: '' })).name?.key).toBe('validation.required');
    expect(spaceIssuesOf(values({ visibleTabs: [] })).visibleTabs?.key).toBe('validation.required');
    expect(spaceIssuesOf(values({ slug: 'mit leerzeichen' })).slug?.key).toBe(
      'validation.allowedSymbols.slug',
    );
    expect(spaceIssuesOf(values())).toEqual({});
  });

  it('edits with only what changed', () => {
    const initial = values({ slug: 'fragen' });
    expect(spacePatchBodyOf(initial, initial)).toEqual({});
    expect(spacePatchBodyOf(initial, { ...initial, access: 'secret', moderators: [moderator] })).toEqual({
      access: 'secret',
      moderatorProfileIds: [moderator.id],
    });
  });
});
