/** The member's own screens of an app (spec §2 `profile` and `profile/notifications` under `/{appSlug}`). */
export const appProfilePaths = {
  profile: (slug: string) => `/${slug}/profile`,
  notifications: (slug: string) => `/${slug}/profile/notifications`,
} as const;
