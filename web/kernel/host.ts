import type { ClientConfig } from '../../contracts/platform';

/**
 * The service host shows provider-level screens; every other host (the public domain or a custom
 * domain) is an app host where the first path segment is the app slug.
 */
export type HostKind = 'service' | 'app';

export function detectHostKind(config: Pick<ClientConfig, 'serviceHost'>, host: string): HostKind {
  return host.toLowerCase() === config.serviceHost.toLowerCase() ? 'service' : 'app';
}
