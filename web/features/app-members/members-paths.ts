/** The member administration's addresses below `/{appSlug}/settings/members` (spec §2). */
export function membersPaths(appSlug: string) {
  const base = `/${appSlug}/settings/members`;
  return {
    list: base,
    invite: `${base}/invite`,
    inviteLinks: `${base}/invite-links`,
    tags: `${base}/tags`,
    bulkImport: `${base}/bulk-import`,
    moderation: `${base}/moderation`,
    /** The list with the member admin form of one profile open. */
    edit: (profileId: string) => `${base}?profile=${encodeURIComponent(profileId)}`,
    /** The member's page (spec §2 `m/{memberId}`). */
    member: (profileId: string) => `/${appSlug}/m/${encodeURIComponent(profileId)}`,
  };
}
