import { useCallback, useEffect, useRef, useState } from 'react';
import type { CloudEntity } from '../../../../../contracts/cloud';
import type { CloudFileType } from '../../../../../contracts/cloud-enums';
import { chatLimits } from '../../../../../contracts/chat';
import { isAbortError } from '../../../../api/api-error';
import { errorTextKey } from '../../../../api/notify-error';
import { uploadForChat, type ChatUploadScope } from './chat-upload';

/** A file chosen for the next message: picked in the library, or on its way up from the device. */
export type AttachmentDraft = {
  key: string;
  name: string;
  size: number;
  type: CloudFileType;
  /** A picture's tile (the library's, or the local file while it uploads). */
  previewUrl: string | null;
  /** The library file's id once it is there. */
  fileId: string | null;
  status: 'uploading' | 'ready' | 'failed';
  /** Upload progress, 0–100. */
  progress: number;
  /** The i18n key of why the upload failed. */
  error: string | null;
};

let nextKey = 0;
const newKey = () => `attachment-${(nextKey += 1)}`;

/** The library's file type from a browser file's declared type (the server sniffs the bytes again). */
export function fileTypeOf(mimeType: string): CloudFileType {
  const top = mimeType.split('/')[0];
  return top === 'image' || top === 'video' || top === 'audio' ? top : 'other';
}

const draftOfEntity = (file: CloudEntity): AttachmentDraft => ({
  key: newKey(),
  name: file.name,
  size: file.fileInfo?.size ?? 0,
  type: file.type ?? 'other',
  previewUrl: file.type === 'image' ? (file.thumbnails?.tile ?? file.url) : null,
  fileId: file.id,
  status: 'ready',
  progress: 100,
  error: null,
});

/**
 * The composer's chosen files (issue 17 attachments), at most `chatLimits.attachments`: library files are ready
 * at once, device files upload at once (hidden, source `chat`) and are ready when done. Removing a file that is
 * still uploading cancels its upload; leaving the conversation cancels them all.
 */
export function useAttachmentDrafts(scope: ChatUploadScope) {
  const [drafts, setDrafts] = useState<AttachmentDraft[]>([]);
  const uploads = useRef(new Map<string, AbortController>());
  const localPreviews = useRef(new Map<string, string>());

  const change = useCallback((key: string, patch: Partial<AttachmentDraft>) => {
    setDrafts((current) => current.map((draft) => (draft.key === key ? { ...draft, ...patch } : draft)));
  }, []);

  const forget = useCallback((key: string) => {
    uploads.current.get(key)?.abort();
    uploads.current.delete(key);
    const preview = localPreviews.current.get(key);
    if (preview) {
      URL.revokeObjectURL(preview);
      localPreviews.current.delete(key);
    }
  }, []);

  useEffect(() => {
    const running = uploads.current;
    const previews = localPreviews.current;
    return () => {
      running.forEach((controller) => controller.abort());
      previews.forEach((url) => URL.revokeObjectURL(url));
    };
  }, []);

  const room = chatLimits.attachments - drafts.length;

  /** Library files, each once, as many as fit; answers how many did not fit. */
  const addPicked = useCallback(
    (files: CloudEntity[]): number => {
      const known = new Set(drafts.map((draft) => draft.fileId));
      const fresh = files.filter((file) => !file.isFolder && !known.has(file.id));
      const taken = fresh.slice(0, Math.max(0, room));
      setDrafts((current) => [...current, ...taken.map(draftOfEntity)]);
      return fresh.length - taken.length;
    },
    [drafts, room],
  );

  /** Starts uploading device files, as many as fit; answers how many did not fit. */
  const upload = useCallback(
    (files: File[]): number => {
      const taken = files.slice(0, Math.max(0, room));
      const added = taken.map((file): AttachmentDraft => {
        const key = newKey();
        const type = fileTypeOf(file.type);
        let previewUrl: string | null = null;
        if (type === 'image' && typeof URL.createObjectURL === 'function') {
          previewUrl = URL.createObjectURL(file);
          localPreviews.current.set(key, previewUrl);
        }
        const controller = new AbortController();
        uploads.current.set(key, controller);
        void uploadForChat(scope, file, {
          signal: controller.signal,
          onProgress: (progress) => change(key, { progress }),
        }).then(
          (entity) => {
            uploads.current.delete(key);
            change(key, { fileId: entity.id, status: 'ready', progress: 100 });
          },
          (error: unknown) => {
            uploads.current.delete(key);
            if (!isAbortError(error)) {
              change(key, { status: 'failed', error: errorTextKey(error) });
            }
          },
        );
        return {
          key,
          name: file.name,
          size: file.size,
          type,
          previewUrl,
          fileId: null,
          status: 'uploading',
          progress: 0,
          error: null,
        };
      });
      setDrafts((current) => [...current, ...added]);
      return files.length - taken.length;
    },
    [room, scope, change],
  );

  const remove = useCallback(
    (key: string) => {
      forget(key);
      setDrafts((current) => current.filter((draft) => draft.key !== key));
    },
    [forget],
  );

  /** After sending: the chips go (the local previews with them). */
  const clear = useCallback(() => {
    drafts.forEach((draft) => forget(draft.key));
    setDrafts([]);
  }, [drafts, forget]);

  const ready = drafts.filter((draft) => draft.status === 'ready' && draft.fileId !== null);
  return {
    drafts,
    room,
    /** The files that go with the message, in the order they were chosen. */
    files: ready.map((draft) => ({ id: draft.fileId ?? '', name: draft.name })),
    uploading: drafts.some((draft) => draft.status === 'uploading'),
    failed: drafts.some((draft) => draft.status === 'failed'),
    addPicked,
    upload,
    remove,
    clear,
  };
}
