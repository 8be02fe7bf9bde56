import type { ClientConfig } from '../../contracts/platform';

/**
 * The service host shows provider-level screens; every other host (the public domain or a custom
 * domain) is an app host where the first path segment is the app slug.
 */
export type HostKind = 'service' | 'app';

export function detectHostKind(config: Pick<ClientConfig, 'serviceHost'>, host: string): HostKind {
  return host.toLowerCase() === config.serviceHost.toLowerCase() ? 'service' : 'app';
}

/**
 * Whether this server answers for the host: the service host or the apps' public domain. Anything else (a
 * port the hosts were not configured for, a stray DNS name) gets the page that says what is configured.
 * Own domains of apps join here when they exist.
 */
export function isConfiguredHost(config: Pick<ClientConfig, 'serviceHost' | 'publicDomain'>, host: string): boolean {
  const asked = host.toLowerCase();
  return asked === config.serviceHost.toLowerCase() || asked === config.publicDomain.toLowerCase();
}
