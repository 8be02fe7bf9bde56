/*
 * The services an app can switch on and off, without zod: the web's start chunk asks which are built (a menu
 * entry's `shows`), and importing that from apps.ts would build every schema of the apps as the app starts.
 * apps.ts re-exports all of it with the schema.
 */

/** The services an app can switch on and off (`GET/PATCH /apps/{id}/options`). */
export const appServiceValues = [
  'home',
  'community',
  'communities',
  'events',
  'chat',
  'courses',
  'helpdesk',
  'articles',
  'cloud',
  'rewards',
  'pages',
] as const;
export type AppService = (typeof appServiceValues)[number];

/**
 * Other names of a service in the `{service}/settings` routes: the spec calls the rewards' settings both
 * `rewards` and `gamification` (route settings/gamification, APP-SERVICES-06/07).
 */
const appServiceAliases: ReadonlyMap<string, AppService> = new Map([['gamification', 'rewards']]);

/** The service a route names (its own name or another), or undefined for none. */
export function appServiceOf(name: string): AppService | undefined {
  return appServiceValues.find((value) => value === name) ?? appServiceAliases.get(name);
}

/**
 * The services that exist today (screens and API): only these are offered and may be switched. The others
 * join this list as their issues build them; switching one before answers 400 FEATURE_NOT_AVAILABLE.
 */
export const builtAppServices = [
  'home',
  'cloud',
  'community',
  'communities',
  'articles',
  'helpdesk',
  'courses',
  'rewards',
] as const satisfies readonly AppService[];

export function isBuiltAppService(service: AppService): boolean {
  return (builtAppServices as readonly AppService[]).includes(service);
}
