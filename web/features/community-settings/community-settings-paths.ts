/** The community's settings screens (spec §2 settings/groups ROUTE-95, settings/communities ROUTE-102). */
export function communitySettingsPaths(slug: string) {
  const base = `/${slug}/settings`;
  return {
    groups: `${base}/groups`,
    spaceCreate: (groupId: string) => `${base}/groups/${groupId}/spaces/create`,
    spaceEdit: (spaceId: string) => `${base}/groups/spaces/${spaceId}/edit`,
    communities: `${base}/communities`,
  };
}
