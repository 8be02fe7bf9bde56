import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

type FolderPage = { data?: { id: string; thumbnails: { tile: string; table: string } | null }[] };

/**
 * The cloud seed writes file rows, not bytes, so its thumbnails answer 404 and a browser shows the type icon.
 * For the page-speed measurement the first page of a folder gets real thumbnails (photo-like webp files of the
 * processing job's sizes, 320 and 80 px wide) in the server's local storage, as a library with photos has them.
 * Returns the files written, for `removeThumbnails`.
 */
export async function writeFirstPageThumbnails(options: {
  baseUrl: string;
  dataDir: string;
  projectId: string;
  folderId: string;
  authorization: string;
}): Promise<string[]> {
  const answer = await fetch(`${options.baseUrl}/api/folders/${options.folderId}/content`, {
    headers: { authorization: options.authorization },
  });
  if (!answer.ok) {
    throw new Error(`folder content for the thumbnails: ${answer.status} ${await answer.text()}`);
  }
  const page = (await answer.json()) as FolderPage;
  const written: string[] = [];
  for (const [index, item] of (page.data ?? []).entries()) {
    if (!item.thumbnails) {
      continue;
    }
    const dir = path.join(options.dataDir, 'cloud', 'projects', options.projectId, 'files', item.id);
    await mkdir(dir, { recursive: true });
    for (const [variant, width] of [
      ['tile', 320],
      ['table', 80],
    ] as const) {
      const file = path.join(dir, `${variant}.webp`);
      await photoLike(width, Math.round((width * 3) / 4), index).toFile(file);
      written.push(file);
    }
  }
  return written;
}

export async function removeThumbnails(files: string[]): Promise<void> {
  await Promise.all(files.map((file) => rm(file, { force: true })));
}

/** Coloured grain, a tint of its own per file: about the bytes of a photo's thumbnail (10–15 kB), not of a flat colour. */
function photoLike(width: number, height: number, seed: number) {
  const hue = (seed * 47) % 360;
  const [r, g, b] = [0, 120, 240].map((shift) =>
    Math.round(128 + 100 * Math.cos(((hue + shift) * Math.PI) / 180)),
  ) as [number, number, number];
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .blur(1.2)
    .tint({ r, g, b })
    .webp({ quality: 80 });
}
