import { readFile, rename, rm, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';

/**
 * Derivative sizes in device pixels: twice what the UI shows (grid tile 150/160 px, table 40 px), so they stay
 * sharp on high-density screens. The preview fits inside its box and is never enlarged.
 *
 * The preview is 1280, not 1600: sharp lets libjpeg decode at half resolution only when the image shrinks by
 * a factor of 3 or more, so a 12-megapixel photo (4000 px) to 1600 px needs a full-resolution decode, about
 * twice the work of the whole 1280 px path. See docs/decisions/media.md.
 */
export const imageDerivativeSizes = {
  tile: { width: 320, height: 320, fit: 'cover' },
  table: { width: 80, height: 80, fit: 'cover' },
  preview: { width: 1280, height: 1280, fit: 'inside' },
} as const;
export type ImageDerivativeName = keyof typeof imageDerivativeSizes;

/** Larger inputs are refused before decoding: a small file can declare a huge canvas (decompression bomb). */
export const maxInputPixels = 100_000_000;

/** A pathological file (e.g. an SVG with expensive filters) must not hold a worker forever. */
const timeoutSeconds = 60;

/** Inputs the bundled libvips decodes. HEIC (HEVC) is not among them: those files get no thumbnails. */
export const derivableMimeTypes: readonly string[] = [
  'image/jpeg',
  'image/png',
  'image/apng',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/tiff',
  'image/svg+xml',
];

export function canMakeImageDerivatives(mimeType: string): boolean {
  return derivableMimeTypes.includes(mimeType);
}

export type ImageDerivatives = {
  /** Dimensions as displayed, i.e. after the EXIF orientation is applied. */
  width: number;
  height: number;
  /** Absolute paths of the finished webp files. */
  files: Record<ImageDerivativeName, string>;
};

/**
 * Dimensions and the three webp derivatives (`tile.webp`, `table.webp`, `preview.webp` in `outDir`).
 *
 * The source is decoded once: the preview is resized straight from the file (JPEG shrink-on-load applies
 * when the factor allows it), and the tile and table are cut from the preview's pixels. Files appear under
 * their final names only when all three are complete, so a job killed half-way leaves at most `.part` files
 * that the retry overwrites. Animated images use their first frame. SVG is rasterised from memory, so its
 * references to other files or URLs cannot be resolved.
 */
export async function makeImageDerivatives(input: string, outDir: string): Promise<ImageDerivatives> {
  // From a buffer, not the path: libvips caches decoded files by name, and a retry may reuse a path.
  const source = await readFile(input);
  const { data, info, width, height } = await decodePreviewPixels(source);
  const pixels = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const encoded = await Promise.all(
    (Object.keys(imageDerivativeSizes) as ImageDerivativeName[]).map(async (name) => {
      const size = imageDerivativeSizes[name];
      let pipeline = sharp(data, pixels);
      if (name !== 'preview') {
        pipeline = pipeline.resize(size.width, size.height, { fit: size.fit });
      }
      return [name, await toWebp(pipeline, name)] as const;
    }),
  );
  await mkdir(outDir, { recursive: true });
  const files = Object.fromEntries(
    encoded.map(([name]) => [name, path.join(outDir, `${name}.webp`)]),
  ) as Record<ImageDerivativeName, string>;
  try {
    await Promise.all(encoded.map(([name, bytes]) => writeFile(`${files[name]}.part`, bytes)));
    await Promise.all(encoded.map(([name]) => rename(`${files[name]}.part`, files[name])));
  } catch (error) {
    await Promise.all(encoded.map(([name]) => rm(`${files[name]}.part`, { force: true })));
    throw error;
  }
  return { width, height, files };
}

/** The preview-sized pixels (sRGB, 8 bit) and the full displayed dimensions. */
async function decodePreviewPixels(source: Buffer) {
  const options = {
    limitInputPixels: maxInputPixels,
    autoOrient: true,
    // 'error' rather than the stricter default 'warning': photos with harmless warnings (extra bytes after
    // the image, odd markers) still get thumbnails; truncated or broken pixel data does not.
    failOn: 'error',
  } as const;
  try {
    const metadata = await sharp(source, options).metadata();
    const { preview } = imageDerivativeSizes;
    const { data, info } = await sharp(source, options)
      .timeout({ seconds: timeoutSeconds })
      .resize(preview.width, preview.height, { fit: preview.fit, withoutEnlargement: true })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    return { data, info, width: metadata.autoOrient.width, height: metadata.autoOrient.height };
  } catch (error) {
    throw new Error(`image could not be decoded: ${errorMessage(error)}`, { cause: error });
  }
}

async function toWebp(pipeline: Sharp, name: ImageDerivativeName): Promise<Buffer> {
  // Encoding the preview is the second-largest cost after decoding: effort 0 (of 6) takes a quarter of the
  // default's time for files about 15 % larger. Tiles are small and fetched by the dozen, so they get effort 2.
  return name === 'preview'
    ? pipeline.webp({ quality: 80, effort: 0 }).toBuffer()
    : pipeline.webp({ quality: 75, effort: 2 }).toBuffer();
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
