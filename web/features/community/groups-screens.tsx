// The groups area's lazy chunk: the layout with the groups' navigation, the feed, group and space pages.
import './community-styles';
import { GroupPage } from './groups/group-page';

export { GroupsLayout } from './layout/groups-layout';
export { GroupsFeedPage } from './feed/groups-feed-page';
export { SpaceLayout } from './spaces/space-layout';
export { SpaceMembersTab, SpacePostsTab, SpaceRulesTab } from './spaces/space-tabs';

export function GroupSpacesPage() {
  return <GroupPage tab="spaces" />;
}

export function GroupMembersPage() {
  return <GroupPage tab="members" />;
}
