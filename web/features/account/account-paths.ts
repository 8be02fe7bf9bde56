/** The account screens on the service host (spec §2 /projects children). */
export const accountPaths = {
  projects: '/projects',
  profile: '/projects/settings/profile',
  password: '/projects/password',
} as const;
