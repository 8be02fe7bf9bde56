import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/**
 * For tests: pids of ffmpeg or ffprobe processes whose command line mentions `text` (Linux /proc), to prove
 * that a stopped run left nothing behind.
 */
export function ffmpegProcessesWith(text: string): number[] {
  const found: number[] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (cmdline.includes(text) && /ff(mpeg|probe)/.test(readlinkSync(`/proc/${pid}/exe`))) {
        found.push(Number(pid));
      }
    } catch {
      // The process ended while we looked.
    }
  }
  return found;
}
