import { cloudAppHeader, cloudListSchema, type CloudEntity } from '../../../../../contracts/cloud';
import { api } from '../../../../api/client';
import { loadChunk } from '../../../../kernel/chunk';

/** Whose library a chat attachment is uploaded into: the caller's "My files" of the app's project. */
export type ChatUploadScope = { projectId: string; appId: string };

export type ChatUploadCallbacks = {
  signal?: AbortSignal;
  /** Whole percent, 0–100. */
  onProgress?: (percent: number) => void;
};

// One question per library and page visit: the root folder does not move.
const roots = new Map<string, Promise<string>>();

/** The caller's "My files" root (the list's `meta.rootId`): where a hidden upload is kept. */
function myRootId(scope: ChatUploadScope): Promise<string> {
  const key = `${scope.projectId}|${scope.appId}`;
  let root = roots.get(key);
  if (!root) {
    root = api
      .get(`/projects/${scope.projectId}/cloud/folders/content`, {
        query: { type: 'my', page: 1, limit: 1 },
        schema: cloudListSchema,
        headers: { [cloudAppHeader]: scope.appId },
      })
      .then((list) => list.meta.rootId);
    // A failed question is asked again next time.
    void root.catch(() => roots.delete(key));
    roots.set(key, root);
  }
  return root;
}

/**
 * Uploads a file of the device (or a voice recording) for a message: resumable, as the library does it (tus,
 * `web/features/cloud/upload-client.ts`), kept hidden from My files (`hideInCloud`) with the source `chat`, so
 * the library lists it under "Messages" only. The upload client comes with the library's lazy chunk.
 */
export async function uploadForChat(
  scope: ChatUploadScope,
  file: File,
  { signal, onProgress }: ChatUploadCallbacks = {},
): Promise<CloudEntity> {
  const [folderId, cloud] = await Promise.all([myRootId(scope), loadChunk(() => import('../../../cloud'))]);
  return cloud.startUpload(
    { projectId: scope.projectId, appId: scope.appId, basePath: null },
    { file, folderId, hideInCloud: true, source: 'chat' },
    { signal, onProgress },
  );
}
