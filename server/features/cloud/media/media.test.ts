import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractPoster, posterTimeMs, probeMedia, progressReporter, transcodeToMp4 } from './ffmpeg.ts';
import { FfmpegError } from './ffmpeg-run.ts';
import { ffmpegProcessesWith } from './ffmpeg-processes.ts';
import { canMakeImageDerivatives, makeImageDerivatives } from './image.ts';
import { mimeTypeCatalogue, sanitizeFileName, sniffFile } from './sniff.ts';
import { measureThumbnailThroughput } from './thumbnail-throughput.ts';

/** Deterministic bytes without structure: SHA-256 of a counter, block after block. */
function fixedNoise(length: number): Buffer {
  const blocks: Buffer[] = [];
  for (let block = 0; blocks.length * 32 < length; block++) {
    blocks.push(createHash('sha256').update(`noise-${block}`).digest());
  }
  return Buffer.concat(blocks).subarray(0, length);
}

const exec = promisify(execFile);
let dir: string;
const at = (name: string) => path.join(dir, name);

/** Creates a media file with ffmpeg's built-in test sources (no fixture files in the repository). */
async function ffmpeg(...args: string[]) {
  await exec('ffmpeg', ['-hide_banner', '-v', 'error', '-y', ...args]);
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'media-test-'));
  const testsrc = (seconds: number, size: string, rate = 25) => [
    '-f',
    'lavfi',
    '-i',
    `testsrc=duration=${seconds}:size=${size}:rate=${rate}`,
  ];
  const sine = (seconds: number) => ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`];
  const h264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];
  await Promise.all([
    ffmpeg(...testsrc(3, '640x360'), ...sine(3), ...h264, '-c:a', 'aac', '-shortest', at('clip.mp4')),
    ffmpeg(
      ...testsrc(3, '320x240'),
      ...sine(3),
      '-c:v',
      'libvpx',
      '-deadline',
      'realtime',
      '-cpu-used',
      '8',
      '-c:a',
      'libopus',
      '-shortest',
      at('clip.webm'),
    ),
    // Odd height and 4:4:4 chroma (4:2:0 needs even sizes): the conversion must fix both.
    ffmpeg(
      ...testsrc(1, '2562x1081', 10),
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv444p',
      at('wide.mp4'),
    ),
    ffmpeg(...testsrc(60, '640x360'), ...h264, at('long.mp4')),
    ffmpeg(...sine(2), at('tone.wav')),
    ffmpeg(...sine(2), '-c:a', 'libmp3lame', at('tone.mp3')),
  ]);
  // A phone video shot upright: stored landscape, displayed turned by 90°.
  await ffmpeg('-i', at('clip.mp4'), '-c', 'copy', '-metadata:s:v:0', 'rotate=90', at('rotated.mp4'));
  const clip = await readFile(at('clip.mp4'));
  await writeFile(at('truncated.mp4'), clip.subarray(0, Math.floor(clip.length / 2)));
  // Noise that is no media format. Fixed, not drawn anew each run: random bytes now and then look like a text
  // subtitle format (lrc) to ffprobe, which then fails with another message.
  await writeFile(at('random.mp4'), fixedNoise(64 * 1024));
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A zip archive with one stored (uncompressed) entry, written by hand so the test needs no zip tool. */
function storedZip(name: string, content: Buffer): Buffer {
  const fileName = Buffer.from(name);
  const crc = crc32(content);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(content.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(content.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(fileName.length, 28);
  const centralOffset = local.length + fileName.length + content.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fileName.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, fileName, content, central, fileName, end]);
}

describe('sniffFile', () => {
  const sniff = async (name: string, bytes: Buffer | string, declaredType = '') => {
    await writeFile(at(name), bytes);
    return sniffFile(at(name), { name, type: declaredType });
  };

  it('goes by the bytes, not the declared name or type', async () => {
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'red' } })
      .jpeg()
      .toBuffer();
    expect(await sniff('report.pdf', jpeg, 'application/pdf')).toEqual({
      mimeType: 'image/jpeg',
      extension: 'jpg',
      type: 'image',
      category: 'image',
    });
    expect(await sniff('holiday.jpg', storedZip('a.txt', Buffer.from('hello')), 'image/jpeg')).toEqual({
      mimeType: 'application/zip',
      extension: 'zip',
      type: 'other',
      category: 'other',
    });
  });

  it('recognises media by content', async () => {
    expect(await sniffFile(at('clip.mp4'), { name: 'clip', type: '' })).toMatchObject({
      mimeType: 'video/mp4',
      type: 'video',
    });
    expect(await sniffFile(at('tone.mp3'), { name: 'tone.txt', type: 'text/plain' })).toMatchObject({
      mimeType: 'audio/mpeg',
      type: 'audio',
      category: 'audio',
    });
    expect(await sniffFile(at('clip.webm'), { name: 'x', type: '' })).toMatchObject({
      mimeType: 'video/webm',
    });
  });

  it('finds SVG with or without an XML prolog, but not in an HTML page', async () => {
    const svg = { mimeType: 'image/svg+xml', extension: 'svg', type: 'image', category: 'image' };
    expect(await sniff('a.svg', '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')).toEqual(
      svg,
    );
    expect(
      await sniff(
        'drawing',
        '<?xml version="1.0" encoding="UTF-8"?>\n<!-- made by hand -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" ' +
          '"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n<svg xmlns="http://www.w3.org/2000/svg"></svg>',
      ),
    ).toEqual(svg);
    expect(
      await sniff('page.svg', '<!DOCTYPE html><html><body><svg width="1" height="1"></svg></body></html>'),
    ).toMatchObject({ mimeType: 'text/html', extension: 'html', type: 'other', category: 'other' });
    expect(await sniff('feed.xml', '<?xml version="1.0"?><rss></rss>')).toMatchObject({
      mimeType: 'application/xml',
      category: 'other',
    });
  });

  it('tells text formats apart by name once the content is text', async () => {
    expect(await sniff('notes.txt', 'Einkaufsliste:\n- Milch\n- Brot\n')).toEqual({
      mimeType: 'text/plain',
      extension: 'txt',
      type: 'other',
      category: 'document',
    });
    expect(await sniff('table.csv', 'a;b\n1;2\n')).toMatchObject({
      mimeType: 'text/csv',
      category: 'document',
    });
    expect(await sniff('README.md', '# Title\n\nText')).toMatchObject({
      mimeType: 'text/markdown',
      extension: 'md',
    });
    expect(await sniff('data.json', '{"a": 1}')).toMatchObject({
      mimeType: 'application/json',
      category: 'other',
    });
    expect(await sniff('prose.json', 'not json at all')).toMatchObject({ mimeType: 'text/plain' });
    // Windows-1252 "Grüße" is not UTF-8 but still text.
    expect(await sniff('legacy.txt', Buffer.from([0x47, 0x72, 0xfc, 0xdf, 0x65, 0x0d, 0x0a]))).toMatchObject({
      mimeType: 'text/plain',
    });
  });

  it('treats unknown binary data as application/octet-stream', async () => {
    const binary = Buffer.concat([Buffer.from([0, 1, 2, 3, 0, 0xff]), randomBytes(2000)]);
    expect(await sniff('blob.dat', binary, 'image/png')).toEqual({
      mimeType: 'application/octet-stream',
      extension: 'dat',
      type: 'other',
      category: 'other',
    });
    expect(await sniff('blob', binary)).toMatchObject({ extension: 'bin' });
    expect(await sniff('empty.png', Buffer.alloc(0))).toMatchObject({ mimeType: 'application/octet-stream' });
  });

  it('names legacy Office files by their extension inside the shared container format', async () => {
    const compoundFile = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(1024),
    ]);
    expect(await sniff('letter.doc', compoundFile)).toEqual({
      mimeType: 'application/msword',
      extension: 'doc',
      type: 'other',
      category: 'document',
    });
    expect(await sniff('mystery.bin', compoundFile)).toMatchObject({
      mimeType: 'application/x-cfb',
      category: 'other',
    });
  });

  it('lists the accepted types in the MIME names sniffFile reports', () => {
    const catalogue = mimeTypeCatalogue();
    expect(catalogue).toContainEqual({ mimeType: 'image/jpeg', extensions: ['jpg', 'jpeg'], type: 'image' });
    expect(catalogue).toContainEqual({ mimeType: 'video/matroska', extensions: ['mkv'], type: 'video' });
    expect(catalogue).toContainEqual({ mimeType: 'audio/flac', extensions: ['flac'], type: 'audio' });
    expect(catalogue).toContainEqual({
      mimeType: 'application/x-7z-compressed',
      extensions: ['7z'],
      type: 'other',
    });
    const extensions = catalogue.flatMap((entry) => entry.extensions);
    expect(new Set(extensions).size).toBe(extensions.length);
  });
});

describe('sanitizeFileName', () => {
  it.each([
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\me\\Bericht.pdf', 'Bericht.pdf'],
    ['Quartal: 1/2 <final>?.xlsx', '2 final.xlsx'],
    ['a\u0000b\u0007c.txt', 'abc.txt'],
    ['  ..hidden.  ', 'hidden'],
    ['too   many \t spaces  here.txt', 'too many spaces here.txt'],
    ['line\nbreak.txt', 'linebreak.txt'],
    ['invoice\u202Efdp.exe', 'invoicefdp.exe'],
    ['CON.txt', '_CON.txt'],
    ['...', 'file'],
    ['', 'file'],
    ['/', 'file'],
    ['Café.png', 'Café.png'],
  ])('%j → %j', (input, expected) => {
    expect(sanitizeFileName(input)).toBe(expected);
  });

  it('shortens to 255 UTF-8 bytes, keeping the extension and whole characters', () => {
    const long = sanitizeFileName(`${'ä'.repeat(200)}.jpeg`);
    expect(Buffer.byteLength(long)).toBeLessThanOrEqual(255);
    expect(long).toMatch(/^ä+\.jpeg$/);
    const emoji = sanitizeFileName(`${'👍🏽'.repeat(40)}.txt`);
    expect(Buffer.byteLength(emoji)).toBeLessThanOrEqual(255);
    expect(emoji).toMatch(/^(?:👍🏽)+\.txt$/u);
    expect(Buffer.byteLength(sanitizeFileName(`x.${'y'.repeat(300)}`))).toBe(255);
  });
});

describe('makeImageDerivatives', () => {
  const sizeOf = async (file: string) => {
    const { width, height, hasAlpha } = await sharp(file).metadata();
    return { width, height, hasAlpha };
  };

  it('turns a 12-megapixel photo upright and writes webp tile, table and preview', async () => {
    // Stored landscape with the left half red; EXIF orientation 6 displays it portrait, red on top.
    const red = { r: 255, g: 0, b: 0 };
    const blue = { r: 0, g: 0, b: 255 };
    await sharp({ create: { width: 4000, height: 3000, channels: 3, background: red } })
      .composite([
        {
          input: { create: { width: 2000, height: 3000, channels: 3, background: blue } },
          left: 2000,
          top: 0,
        },
      ])
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toFile(at('photo.jpg'));
    const result = await makeImageDerivatives(at('photo.jpg'), at('photo'));
    expect(result).toEqual({
      width: 3000,
      height: 4000,
      files: {
        tile: at('photo/tile.webp'),
        table: at('photo/table.webp'),
        preview: at('photo/preview.webp'),
      },
    });
    expect(await readdir(at('photo'))).toEqual(['preview.webp', 'table.webp', 'tile.webp']);
    expect((await sharp(result.files.preview).metadata()).format).toBe('webp');
    expect(await sizeOf(result.files.preview)).toMatchObject({ width: 960, height: 1280 });
    expect(await sizeOf(result.files.tile)).toMatchObject({ width: 320, height: 320 });
    expect(await sizeOf(result.files.table)).toMatchObject({ width: 80, height: 80 });
    const { data } = await sharp(result.files.preview).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * 960 + x) * 3, (y * 960 + x) * 3 + 3)];
    expect(pixel(480, 100)[0]).toBeGreaterThan(200);
    expect(pixel(480, 1180)[2]).toBeGreaterThan(200);
  });

  it('keeps transparency and never enlarges the preview', async () => {
    await sharp({
      create: { width: 300, height: 200, channels: 4, background: { r: 0, g: 128, b: 0, alpha: 0.5 } },
    })
      .png()
      .toFile(at('alpha.png'));
    const result = await makeImageDerivatives(at('alpha.png'), at('alpha'));
    expect(result).toMatchObject({ width: 300, height: 200 });
    expect(await sizeOf(result.files.preview)).toEqual({ width: 300, height: 200, hasAlpha: true });
    expect(await sizeOf(result.files.tile)).toEqual({ width: 320, height: 320, hasAlpha: true });
  });

  it('uses the first frame of an animated GIF', async () => {
    const frame = (background: string) =>
      sharp({ create: { width: 100, height: 60, channels: 3, background } })
        .png()
        .toBuffer();
    await sharp([await frame('red'), await frame('blue')], { join: { animated: true } })
      .gif()
      .toFile(at('animated.gif'));
    expect((await sharp(at('animated.gif')).metadata()).pages).toBe(2);
    const result = await makeImageDerivatives(at('animated.gif'), at('animated'));
    expect(result).toMatchObject({ width: 100, height: 60 });
    expect(await sizeOf(result.files.preview)).toMatchObject({ width: 100, height: 60 });
    const { data } = await sharp(result.files.preview).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200);
  });

  it('rasterises SVG without following references to other files', async () => {
    await sharp({ create: { width: 50, height: 50, channels: 3, background: 'red' } })
      .png()
      .toFile(at('red.png'));
    await writeFile(
      at('logo.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="200" height="100">' +
        '<rect width="200" height="100" fill="white"/>' +
        '<image href="red.png" xlink:href="red.png" x="0" y="0" width="200" height="100"/></svg>',
    );
    expect(canMakeImageDerivatives('image/svg+xml')).toBe(true);
    const result = await makeImageDerivatives(at('logo.svg'), at('logo'));
    expect(result).toMatchObject({ width: 200, height: 100 });
    const { data } = await sharp(result.files.preview).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([255, 255, 255]);
  });

  it('refuses a decompression bomb before decoding it, leaving nothing behind', async () => {
    // A valid 1×1 PNG whose header claims 30000×30000 pixels (900 megapixels).
    const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: 'white' } })
      .png()
      .toBuffer();
    png.writeUInt32BE(30_000, 16);
    png.writeUInt32BE(30_000, 20);
    png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
    await writeFile(at('bomb.png'), png);
    await expect(makeImageDerivatives(at('bomb.png'), at('bomb'))).rejects.toThrow(/pixel limit/);
    await expect(readdir(at('bomb'))).rejects.toThrow(/ENOENT/);
  });

  it('rejects a file that is not an image', async () => {
    await expect(makeImageDerivatives(at('random.mp4'), at('not-an-image'))).rejects.toThrow(
      /could not be decoded/,
    );
    expect(canMakeImageDerivatives('image/heic')).toBe(false);
  });
});

describe('probeMedia', () => {
  it('reads duration, size and streams of video and audio', async () => {
    expect(await probeMedia(at('clip.mp4'))).toEqual({
      durationMs: expect.closeTo(3000, -2) as number,
      width: 640,
      height: 360,
      hasVideo: true,
      hasAudio: true,
      videoCodec: 'h264',
      audioCodec: 'aac',
      rotation: 0,
    });
    expect(await probeMedia(at('tone.wav'))).toEqual({
      durationMs: 2000,
      width: null,
      height: null,
      hasVideo: false,
      hasAudio: true,
      videoCodec: null,
      audioCodec: 'pcm_s16le',
    });
    expect(await probeMedia(at('tone.mp3'))).toMatchObject({ hasVideo: false, audioCodec: 'mp3' });
    expect((await probeMedia(at('tone.mp3'))).durationMs).toBeGreaterThan(1900);
  });

  it('reports the displayed size of a rotated video', async () => {
    const probe = await probeMedia(at('rotated.mp4'));
    expect(probe).toMatchObject({ width: 360, height: 640 });
    // The direction depends on how this ffmpeg stores the old `rotate` tag; the sides swap either way.
    expect([90, 270]).toContain(probe.rotation);
  });

  it('rejects a file ffprobe cannot read, with its message', async () => {
    await expect(probeMedia(at('random.mp4'))).rejects.toThrow(FfmpegError);
    await expect(probeMedia(at('random.mp4'))).rejects.toThrow(/Invalid data/);
  });
});

describe('transcodeToMp4', () => {
  const partFilesIn = async () => (await readdir(dir)).filter((name) => name.endsWith('.part'));

  it('converts to a playable H.264 mp4 with rising progress that ends at 100', async () => {
    const percents: number[] = [];
    const output = at('out/clip.mp4');
    await transcodeToMp4(at('clip.webm'), output, {
      durationMs: (await probeMedia(at('clip.webm'))).durationMs,
      onProgress: async (percent) => {
        percents.push(percent);
      },
    });
    expect(percents[0]).toBe(0);
    expect(percents.at(-1)).toBe(100);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(new Set(percents).size).toBe(percents.length);
    expect(await probeMedia(output)).toMatchObject({
      videoCodec: 'h264',
      audioCodec: 'aac',
      width: 320,
      height: 240,
      durationMs: expect.closeTo(3000, -2) as number,
    });
    // faststart: the moov atom comes before the media data.
    const head = (await readFile(output)).subarray(0, 4096).toString('latin1');
    expect(head.indexOf('moov')).toBeGreaterThan(-1);
    expect(await readdir(at('out'))).toEqual(['clip.mp4']);
  });

  it('scales down to 1920 on the long side with even dimensions, and turns rotated video upright', async () => {
    await transcodeToMp4(at('wide.mp4'), at('wide-out.mp4'), {
      durationMs: 1000,
      onProgress: () => undefined,
    });
    expect(await probeMedia(at('wide-out.mp4'))).toMatchObject({ width: 1920, height: 810, hasAudio: false });
    await transcodeToMp4(at('rotated.mp4'), at('rotated-out.mp4'), {
      durationMs: 3000,
      onProgress: () => undefined,
    });
    expect(await probeMedia(at('rotated-out.mp4'))).toMatchObject({ width: 360, height: 640, rotation: 0 });
  });

  it.each(['random.mp4', 'truncated.mp4'])(
    'rejects %s with ffmpeg’s message and leaves no file',
    async (name) => {
      const output = at(`failed-${name}`);
      const error = await transcodeToMp4(at(name), output, {
        durationMs: 3000,
        onProgress: () => undefined,
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(FfmpegError);
      expect((error as FfmpegError).message).toMatch(/Invalid data|moov atom not found/);
      expect(readdirSync(dir).filter((file) => file.startsWith('failed-'))).toEqual([]);
      expect(await partFilesIn()).toEqual([]);
    },
  );

  it('kills ffmpeg when aborted and removes the partial file', async () => {
    const controller = new AbortController();
    const output = at('aborted.mp4');
    const started = Date.now();
    const error = await transcodeToMp4(at('long.mp4'), output, {
      durationMs: 60_000,
      progressIntervalMs: 0,
      signal: controller.signal,
      onProgress: (percent) => {
        if (percent > 0) {
          controller.abort(new Error('job cancelled'));
        }
      },
    }).catch((e: unknown) => e);
    expect((error as Error).message).toBe('job cancelled');
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(await partFilesIn()).toEqual([]);
    expect(readdirSync(dir)).not.toContain('aborted.mp4');
    expect(ffmpegProcessesWith(`${output}.part`)).toEqual([]);
  });

  it('stops converting when the progress callback fails', async () => {
    const error = await transcodeToMp4(at('long.mp4'), at('unwanted.mp4'), {
      durationMs: 60_000,
      progressIntervalMs: 0,
      onProgress: (percent) => {
        if (percent > 0) {
          throw new Error('file was deleted');
        }
      },
    }).catch((e: unknown) => e);
    expect((error as Error).message).toBe('file was deleted');
    expect(readdirSync(dir).filter((file) => file.startsWith('unwanted'))).toEqual([]);
  });
});

describe('progressReporter', () => {
  it('reports whole rising percentages from out_time, capped at 99, one call at a time', async () => {
    const calls: number[] = [];
    let running = 0;
    const progress = progressReporter(
      10_000,
      async (percent) => {
        running++;
        expect(running).toBe(1);
        await new Promise((resolve) => setTimeout(resolve, 5));
        calls.push(percent);
        running--;
      },
      undefined,
      0,
    );
    for (const line of [
      'out_time=N/A',
      'out_time=00:00:00.000000',
      'out_time=00:00:02.500000',
      'out_time_ms=2500000',
      'out_time=00:00:02.520000',
      'out_time=00:00:01.000000',
      'out_time=00:00:09.999000',
      'out_time=00:00:11.000000',
    ]) {
      progress.parse(line);
    }
    await progress.settled();
    expect(calls).toEqual([0, 25, 99]);
  });

  it('holds calls back for the minimum interval', async () => {
    const calls: number[] = [];
    const progress = progressReporter(1000, (percent) => void calls.push(percent));
    await progress.report(0);
    progress.parse('out_time=00:00:00.500000');
    await progress.settled();
    expect(calls).toEqual([0]);
  });
});

describe('extractPoster', () => {
  it('takes a frame at 1 s (or 10 % of a short video) as JPEG for the image derivatives', async () => {
    expect(posterTimeMs(60_000)).toBe(1000);
    expect(posterTimeMs(3000)).toBe(300);
    expect(posterTimeMs(null)).toBe(0);
    await extractPoster(at('clip.mp4'), at('poster/clip.jpg'));
    expect(await readdir(at('poster'))).toEqual(['clip.jpg']);
    expect(await sharp(at('poster/clip.jpg')).metadata()).toMatchObject({
      format: 'jpeg',
      width: 640,
      height: 360,
    });
    const derivatives = await makeImageDerivatives(at('poster/clip.jpg'), at('poster/derivatives'));
    expect(derivatives).toMatchObject({ width: 640, height: 360 });
  });

  it('falls back to the first frame when the time is past the end', async () => {
    await extractPoster(at('clip.mp4'), at('poster/late.jpg'), { atMs: 60_000 });
    expect(await sharp(at('poster/late.jpg')).metadata()).toMatchObject({ width: 640, height: 360 });
  });

  it('rejects audio without a picture and leaves no file', async () => {
    await expect(extractPoster(at('tone.wav'), at('poster/tone.jpg'))).rejects.toThrow(FfmpegError);
    expect(await readdir(at('poster'))).not.toContain('tone.jpg');
    expect(await readdir(at('poster'))).not.toContain('tone.jpg.part');
  });
});

describe('measureThumbnailThroughput', () => {
  it('measures makeImageDerivatives on copies of a generated photo', async () => {
    const result = await measureThumbnailThroughput({ count: 2, width: 800, height: 600 });
    expect(result.imagesPerSecond).toBeGreaterThan(0);
    expect(result.count).toBe(2);
  });
});
