import {
  spaceCreateBodySchema,
  spaceTabValues,
  type CommunityPicture,
  type CommunityProfileSummary,
  type Space,
  type SpaceCreateBody,
  type SpacePatchBody,
  type SpaceSort,
  type SpaceTab,
} from '../../../contracts/community-spaces';
import type { SpaceAccess } from '../../../contracts/enums';
import type { PostLayout } from '../../../contracts/theme-enums';
import type { FieldIssues } from '../../components/form-issues';
import { fieldIssues } from '../../components/form-issues';

/*
 * The space form of spec §3 ("Space: type posts, defaultSort, defaultTab, displayView, visibleTabs, rules,
 * moderators, pre-moderation, access, cover, mobileCover") as the settings screen holds it, and its bodies.
 */

export type SpaceValues = {
  name: string;
  slug: string;
  description: string;
  access: SpaceAccess;
  preModeration: boolean;
  rules: string;
  cover: CommunityPicture | null;
  mobileCover: CommunityPicture | null;
  defaultSort: SpaceSort;
  defaultTab: SpaceTab;
  displayView: PostLayout;
  visibleTabs: SpaceTab[];
  moderators: CommunityProfileSummary[];
  /** The level joining and writing ask for (issue 21), or null. */
  requiredStatusId: string | null;
};

export const emptySpaceValues: SpaceValues = {
  name: '',
  slug: '',
  description: '',
  access: 'open',
  preModeration: false,
  rules: '',
  cover: null,
  mobileCover: null,
  defaultSort: 'latest',
  defaultTab: 'posts',
  displayView: 'feed',
  visibleTabs: [...spaceTabValues],
  moderators: [],
  requiredStatusId: null,
};

export function spaceValuesOf(space: Space): SpaceValues {
  return {
    name: space.name,
    slug: space.slug,
    description: space.description,
    access: space.access,
    preModeration: space.preModeration,
    rules: space.rules,
    cover: space.cover,
    mobileCover: space.mobileCover,
    defaultSort: space.defaultSort,
    defaultTab: space.defaultTab,
    displayView: space.displayView,
    visibleTabs: [...space.visibleTabs],
    moderators: space.moderatorProfiles,
    requiredStatusId: space.requiredStatusId ?? null,
  };
}

/** Tabs in their fixed order (posts, members, rules), whatever order they were ticked in. */
export const orderedTabs = (tabs: readonly SpaceTab[]): SpaceTab[] =>
  spaceTabValues.filter((tab) => tabs.includes(tab));

/** Ticking a tab off that was the default moves the default to the first tab still shown. */
export function withVisibleTabs(values: SpaceValues, tabs: readonly SpaceTab[]): SpaceValues {
  const visibleTabs = orderedTabs(tabs);
  const defaultTab = visibleTabs.includes(values.defaultTab)
    ? values.defaultTab
    : (visibleTabs[0] ?? values.defaultTab);
  return { ...values, visibleTabs, defaultTab };
}

/** `POST /groups/{groupId}/spaces`: an empty slug is left to the server (made from the name). */
export function spaceCreateBodyOf(values: SpaceValues): SpaceCreateBody {
  const slug = values.slug.trim().toLowerCase();
  return {
    name: values.name.trim(),
    ...(slug ? { slug } : {}),
    description: values.description.trim(),
    access: values.access,
    preModeration: values.preModeration,
    rules: values.rules,
    coverId: values.cover?.id ?? null,
    mobileCoverId: values.mobileCover?.id ?? null,
    defaultSort: values.defaultSort,
    defaultTab: values.defaultTab,
    displayView: values.displayView,
    visibleTabs: orderedTabs(values.visibleTabs),
    moderatorProfileIds: values.moderators.map((profile) => profile.id),
    requiredStatusId: values.requiredStatusId,
  };
}

/** `PATCH /spaces/{id}`: only what changed against the space as it was opened. */
export function spacePatchBodyOf(initial: SpaceValues, values: SpaceValues): SpacePatchBody {
  const before: Record<string, unknown> = spaceCreateBodyOf(initial);
  const after: Record<string, unknown> = spaceCreateBodyOf(values);
  const changes: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (key in after && JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      changes[key] = after[key];
    }
  }
  return changes;
}

/** The form's problems: the contract's, and the rule the server checks across fields (the default tab is shown). */
export function spaceIssuesOf(values: SpaceValues): FieldIssues {
  const issues = fieldIssues(spaceCreateBodySchema, spaceCreateBodyOf(values));
  if (values.visibleTabs.length > 0 && !values.visibleTabs.includes(values.defaultTab)) {
    issues.defaultTab ??= { key: 'validation.invalidValue' };
  }
  return issues;
}
