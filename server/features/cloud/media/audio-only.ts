import { probeMedia } from './ffmpeg.ts';
import type { MediaLimits } from './media-limits.ts';
import type { SniffedFile } from './sniff.ts';

/*
 * Containers that carry video as well as audio, which `file-type` names by the video: a recording without a
 * picture in one (the browser's MediaRecorder makes `audio/webm;codecs=opus` in Chrome and Firefox, `audio/mp4`
 * in Safari) is audio.
 */
const audioTypeOfContainer: Record<string, string> = {
  'video/webm': 'audio/webm',
  'video/mp4': 'audio/mp4',
  'video/ogg': 'audio/ogg',
};

/**
 * The sniffed type, corrected to audio when the bytes are a video container with sound and no picture (asked
 * of ffprobe; without it, or when it fails, the sniffed type stands and the file is processed as a video).
 */
export async function audioWithoutPicture(
  sniffed: SniffedFile,
  filePath: string,
  limits?: Partial<MediaLimits>,
): Promise<SniffedFile> {
  const audioType = audioTypeOfContainer[sniffed.mimeType];
  if (!audioType) {
    return sniffed;
  }
  const probe = await probeMedia(filePath, { limits }).catch(() => undefined);
  if (!probe || probe.hasVideo || !probe.hasAudio) {
    return sniffed;
  }
  return { ...sniffed, mimeType: audioType, type: 'audio', category: 'audio' };
}
