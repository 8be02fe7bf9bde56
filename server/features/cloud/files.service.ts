import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CloudEntity } from '../../../contracts/cloud.ts';
import { errorCodes } from '../../../contracts/errors.ts';
import type { Db } from '../../db/client.ts';
import { cloudFiles } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { isInlineSafe, sendBlob } from '../../platform/storage/serve.ts';
import type { UrlSigner } from '../../platform/storage/signed-url.ts';
import type { BlobStorage } from '../../platform/storage/storage.ts';
import { createServableFileLookup } from './blob-access.ts';
import type { FileScopeAccess } from './cloud.scopes.ts';
import { blobPath, presentItems, type BlobVariant } from './cloud.presenter.ts';

// Derived images are webp (media/image.ts), the converted video is mp4 (media/ffmpeg.ts).
const variantTypes: Record<Exclude<BlobVariant, 'original'>, string> = {
  tile: 'image/webp',
  table: 'image/webp',
  preview: 'image/webp',
  poster: 'image/webp',
  video: 'video/mp4',
};

/** Single-file calls: the entity, "opened", the download address, and the bytes behind signed addresses. */
export function createFileService(deps: { db: Db; storage: BlobStorage; signer: UrlSigner }) {
  const { db, storage, signer } = deps;
  const sign = (path: string) => signer.sign(path);
  const findServableFile = createServableFileLookup(db);

  return {
    async get({ access, file }: FileScopeAccess): Promise<CloudEntity> {
      const [entity] = await presentItems(db, { access, sign, folders: [], files: [file] });
      return entity!;
    },

    async markOpened({ access, file }: FileScopeAccess): Promise<void> {
      // Fast access is per person: only the owner's own files carry the mark.
      if (file.ownerAccountId === access.accountId) {
        await db
          .update(cloudFiles)
          .set({ lastOpenedAt: new Date(), openCount: sql`${cloudFiles.openCount} + 1` })
          .where(eq(cloudFiles.id, file.id));
      }
    },

    async downloadUrl({ file }: FileScopeAccess): Promise<string> {
      return `${sign(blobPath(file.id, 'original'))}&download=1`;
    },

    async sendBlob(
      request: FastifyRequest,
      reply: FastifyReply,
      input: {
        fileId: string;
        variant: BlobVariant;
        path: string;
        exp?: string;
        sig?: string;
        download?: string;
      },
    ): Promise<void> {
      // A wrong or expired signature looks exactly like a missing file, and costs no database query.
      if (!signer.verify(input.path, { exp: input.exp, sig: input.sig })) {
        throw notFound();
      }
      // Checked on every request (304 and range requests too): an address handed out earlier stops working the
      // moment the file goes to Removed or its owner loses access.
      const file = await findServableFile(input.fileId);
      if (!file) {
        throw notFound();
      }
      let key: string;
      let size: number;
      let contentType: string;
      let fileName = file.name;
      if (input.variant === 'original') {
        key = file.storageKey;
        size = file.size;
        contentType = file.mimeType;
      } else {
        const variantKey = file.variants[input.variant];
        if (!variantKey) {
          throw new AppError(404, file.status ? errorCodes.fileNotReady : errorCodes.notFound);
        }
        const stored = await storage.stat(variantKey);
        if (!stored) {
          throw notFound();
        }
        key = variantKey;
        size = stored.size;
        contentType = variantTypes[input.variant];
        fileName = input.variant === 'video' ? replaceExtension(file.name, 'mp4') : `${input.variant}.webp`;
      }
      await sendBlob(request, reply, storage, {
        key,
        size,
        contentType,
        fileName,
        inline: !input.download && isInlineSafe(contentType),
        // The address changes when it expires, so what it names never changes: cache it hard. `private` keeps
        // shared caches (proxies, CDNs) from serving it on after it is revoked; a browser keeps the copy it has.
        cacheSeconds: 6 * 3600,
      });
    },
  };
}

export type FileService = ReturnType<typeof createFileService>;

function replaceExtension(name: string, extension: string): string {
  const dot = name.lastIndexOf('.');
  return `${dot > 0 ? name.slice(0, dot) : name}.${extension}`;
}
