import { chunkLoadTimeoutMs } from './layout-sizes';

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof Error && error.name === 'ChunkLoadError';
}

/**
 * Loads a lazy module; a chunk that fails (a deploy removed it) or does not arrive within 120 s
 * becomes a ChunkLoadError, which the route error boundary shows as "new version available".
 */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs: number = chunkLoadTimeoutMs): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new ChunkLoadError(`Chunk did not load within ${timeoutMs} ms`));
    }, timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError('Chunk failed to load', { cause: error }));
      },
    );
  });
}
