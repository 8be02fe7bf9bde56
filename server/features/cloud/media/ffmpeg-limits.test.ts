import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractPoster, probeMedia, transcodeToMp4 } from './ffmpeg.ts';
import { defaultMediaLimits, transcodeLimitMs } from './media-limits.ts';
import { FfmpegError, FfmpegTimeoutError, inputProtocols } from './ffmpeg-run.ts';
import { ffmpegProcessesWith } from './ffmpeg-processes.ts';
import { cloudQueues } from '../cloud.queues.ts';

const exec = promisify(execFile);
let dir: string;
let web: Server;
let webUrl: string;
const requests: string[] = [];
const at = (...parts: string[]) => path.join(dir, ...parts);

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ffmpeg-limits-'));
  await mkdir(at('upload'));
  await mkdir(at('elsewhere'));
  // Someone else's video, outside the upload's folder (as another project's converted file would be).
  await exec('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=2:size=160x120:rate=10'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', at('elsewhere', 'secret.ts')],
  ]);
  await copyFile(at('elsewhere', 'secret.ts'), at('upload', 'secret.ts'));
  // A server on loopback that would see any request a playlist makes ffmpeg send.
  web = createServer((request, response) => {
    requests.push(request.url ?? '');
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
  webUrl = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await new Promise((resolve) => web?.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

const hls = (segment: string) => `#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\n${segment}\n#EXT-X-ENDLIST\n`;

/** What ffprobe reads with only the given input options: the control that shows a playlist is an attack. */
async function probeFormat(input: string, options: string[]): Promise<string> {
  const { stdout } = await exec('ffprobe', [
    ...['-v', 'error', ...options, '-show_entries', 'format=format_name', '-of', 'csv=p=0'],
    `file:${input}`,
  ]);
  return stdout.trim();
}

describe('inputs restricted to the one local file', () => {
  it('refuses a playlist that references http://, and ffmpeg sends no request', async () => {
    const playlist = at('upload', 'remote.m3u8');
    await writeFile(playlist, hls(`${webUrl}/segment.ts`));
    await expect(probeMedia(playlist)).rejects.toThrow(FfmpegError);
    const output = at('upload', 'remote.mp4');
    await expect(
      transcodeToMp4(playlist, output, { durationMs: 2000, onProgress: () => undefined }),
    ).rejects.toThrow(FfmpegError);
    await expect(extractPoster(playlist, at('upload', 'remote.jpg'), { atMs: 0 })).rejects.toThrow(
      FfmpegError,
    );
    expect(requests).toEqual([]);
    // Control: allowed the network, the same playlist does make ffmpeg fetch the address.
    await probeFormat(playlist, ['-protocol_whitelist', 'file,http,tcp']).catch(() => '');
    expect(requests).toEqual(['/segment.ts']);
    expect(await readdir(at('upload'))).not.toContain('remote.mp4');
  });

  // The job names its scratch copy `input`, without an extension: ffmpeg detects playlists by content.
  it.each([
    ['an HLS playlist', 'local.m3u8', () => hls(at('elsewhere', 'secret.ts'))],
    ['an HLS playlist without extension', 'input', () => hls(at('elsewhere', 'secret.ts'))],
    ['a concat list', 'list.ffconcat', () => 'ffconcat version 1.0\nfile secret.ts\n'],
  ])('refuses %s that references another local file', async (_, name, content) => {
    const playlist = at('upload', name);
    await writeFile(playlist, content());
    // Control: with the file protocol alone, ffmpeg happily reads the other file through the playlist.
    expect(await probeFormat(playlist, ['-protocol_whitelist', inputProtocols.join(',')])).toMatch(
      /hls|concat/,
    );
    const error = await probeMedia(playlist).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FfmpegError);
    expect((error as FfmpegError).stderrTail).toMatch(/Format not on whitelist/);
    await expect(
      transcodeToMp4(playlist, at('upload', `${name}.mp4`), {
        durationMs: 2000,
        onProgress: () => undefined,
      }),
    ).rejects.toThrow(/Format not on whitelist/);
  });
});

describe('time limits', () => {
  const fifo = () => at('stalled.mkv');
  beforeAll(async () => {
    // A fifo nobody writes to: ffmpeg waits for its first byte forever.
    await exec('mkfifo', [fifo()]);
  });

  it('kills ffprobe on an input that never delivers data', async () => {
    const started = Date.now();
    const error = await probeMedia(fifo(), { limits: { probeMs: 300 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FfmpegTimeoutError);
    expect(error).toMatchObject({ command: 'ffprobe', limitMs: 300 });
    expect(Date.now() - started).toBeLessThan(300 + 2000);
    expect(ffmpegProcessesWith(fifo())).toEqual([]);
  });

  it('kills a stalled conversion after the base allowance, whatever duration the file declares', async () => {
    const output = at('stalled-out.mp4');
    const started = Date.now();
    const error = await transcodeToMp4(fifo(), output, {
      // Two hours declared: only progress earns time beyond the base.
      durationMs: 2 * 3600_000,
      onProgress: () => undefined,
      limits: { transcodeBaseMs: 300 },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FfmpegTimeoutError);
    expect(error).toMatchObject({ command: 'ffmpeg', limitMs: 300 });
    expect(Date.now() - started).toBeLessThan(300 + 2000);
    expect(ffmpegProcessesWith(fifo())).toEqual([]);
    expect((await readdir(dir)).filter((name) => name.startsWith('stalled-out'))).toEqual([]);
  });

  it('kills a stalled poster extraction', async () => {
    const error = await extractPoster(fifo(), at('stalled.jpg'), {
      atMs: 0,
      limits: { posterMs: 300 },
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'FfmpegTimeoutError', limitMs: 300 });
    expect(ffmpegProcessesWith(fifo())).toEqual([]);
  });

  it('gives a conversion time in proportion to the duration, earned by progress, up to the cap', () => {
    const limits = { ...defaultMediaLimits, transcodeBaseMs: 1000, transcodeTimePerMediaTime: 3 };
    // Declared 10 s: at most 1 s + 30 s, reached only by converting the whole of it.
    expect(transcodeLimitMs(limits, 10_000, 0)).toBe(1000);
    expect(transcodeLimitMs(limits, 10_000, 4000)).toBe(13_000);
    expect(transcodeLimitMs(limits, 10_000, 60_000)).toBe(31_000);
    // Declared ten hours, or nothing: the cap.
    expect(transcodeLimitMs(limits, 36_000_000, 36_000_000)).toBe(limits.transcodeCapMs);
    expect(transcodeLimitMs(limits, null, 36_000_000)).toBe(limits.transcodeCapMs);
    expect(transcodeLimitMs(limits, null, 2000)).toBe(7000);
    // Our limit comes first, so a file over it is marked `error` instead of pg-boss expiring and retrying it.
    const expireMs = (cloudQueues['cloud.process'].expireInSeconds ?? 0) * 1000;
    expect(defaultMediaLimits.transcodeCapMs).toBeLessThan(expireMs);
  });
});
