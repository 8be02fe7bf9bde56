import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { makeImageDerivatives } from './image.ts';

export type ThumbnailThroughput = {
  imagesPerSecond: number;
  count: number;
  concurrency: number;
  seconds: number;
  /**
   * Process CPU time per image: steadier than the rate on a machine shared with other work, and the rate an
   * idle machine reaches is about `cores × 1000 / cpuMsPerImage`.
   */
  cpuMsPerImage: number;
};

/**
 * Runs `makeImageDerivatives` on `count` copies of one generated photo-like JPEG, as many at a time as the
 * machine has cores, and reports the rate. Only the derivative work is timed, not making the test image.
 */
export async function measureThumbnailThroughput(options: {
  count: number;
  width: number;
  height: number;
}): Promise<ThumbnailThroughput> {
  const dir = await mkdtemp(path.join(tmpdir(), 'thumbnail-throughput-'));
  try {
    const original = path.join(dir, 'original.jpg');
    await writePhotoLikeJpeg(original, options.width, options.height);
    const inputs = Array.from({ length: options.count }, (_, i) => path.join(dir, `input-${i}.jpg`));
    await Promise.all(inputs.map((input) => copyFile(original, input)));

    const concurrency = availableParallelism();
    let next = 0;
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        for (let i = next++; i < inputs.length; i = next++) {
          await makeImageDerivatives(inputs[i]!, path.join(dir, `out-${i}`));
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    return {
      imagesPerSecond: options.count / seconds,
      count: options.count,
      concurrency,
      seconds,
      cpuMsPerImage: (cpu.user + cpu.system) / 1000 / options.count,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Smooth gradients and waves with sensor-like noise, saved at quality 90 with EXIF orientation 6 (a phone
 * held upright): about as large and as costly to decode as a camera JPEG, unlike a flat test pattern.
 */
export async function writePhotoLikeJpeg(file: string, width: number, height: number): Promise<void> {
  // Clamped: values outside 0–255 saturate instead of wrapping around.
  const pixels = new Uint8ClampedArray(width * height * 3);
  let seed = 1;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return (seed / 0x7fffffff - 0.5) * 24;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const n = noise();
      pixels[i] = 128 + 100 * Math.sin(x / 180) * Math.cos(y / 240) + n;
      pixels[i + 1] = (x / width) * 200 + 40 * Math.sin((x + y) / 60) + n;
      pixels[i + 2] = (y / height) * 220 + 30 * Math.cos(x / 35) + n;
    }
  }
  await sharp(Buffer.from(pixels.buffer), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .toFile(file);
}
