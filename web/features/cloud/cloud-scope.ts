import { createContext, useContext } from 'react';
import { cloudAppHeader } from '../../../contracts/cloud';
import type { CloudPseudoFolder } from '../../../contracts/cloud-enums';

/**
 * Whose library a screen shows and where it lives (spec §6 "Cloud"): on the service host a project's library
 * (project `view_files`), on an app host the same project's library through the app (`x-app-id`, the
 * app-level `cloud` ability). `basePath` is the full page's route (`…/cloud`), null in a picker.
 */
export type CloudScope = {
  projectId: string;
  appId: string | null;
  basePath: string | null;
};

/** Where the library is: a pseudo-folder (My files is `my`) or a real folder by id. */
export type CloudLocation = { kind: 'pseudo'; folder: CloudPseudoFolder } | { kind: 'folder'; id: string };

export const myFiles: CloudLocation = { kind: 'pseudo', folder: 'my' };

export function sameLocation(a: CloudLocation, b: CloudLocation): boolean {
  return a.kind === 'folder'
    ? b.kind === 'folder' && a.id === b.id
    : b.kind === 'pseudo' && a.folder === b.folder;
}

/** The headers every cloud call of the scope carries: the app whose cloud ability applies. */
export function cloudHeaders(scope: Pick<CloudScope, 'appId'>): Record<string, string> {
  return scope.appId ? { [cloudAppHeader]: scope.appId } : {};
}

export const CloudScopeContext = createContext<CloudScope | null>(null);

export function useCloudScope(): CloudScope {
  const scope = useContext(CloudScopeContext);
  if (!scope) {
    throw new Error('useCloudScope() is used outside a cloud library: wrap it in <CloudScopeContext>.');
  }
  return scope;
}

/** The full page's address of a location: `…/cloud/{folderId}`, `…/cloud?folder=latest`, `…/cloud` (My files). */
export function cloudPagePath(basePath: string, location: CloudLocation): string {
  if (location.kind === 'folder') {
    return `${basePath}/${location.id}`;
  }
  return location.folder === 'my' ? basePath : `${basePath}?folder=${location.folder}`;
}
