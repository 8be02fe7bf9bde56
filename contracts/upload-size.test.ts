import { describe, expect, it } from 'vitest';
import {
  bytesPerMegabyte,
  checkUploadSize,
  formatBytes,
  partitionBySize,
  uploadLimitBytes,
  type UploadLimit,
} from './upload-size.ts';

const MB = 1024 * 1024;
const limits: UploadLimit[] = [
  { limit: '5', types: ['image'] },
  { limit: '100', types: ['video/*'] },
  { limit: '20', types: ['application/pdf'] },
];
const file = (name: string, size: number, type: string) => ({ name, size, type });

describe('upload size', () => {
  it('RULE-78 the limit is the matching entry converted from megabytes to bytes (1 MB = 1024 × 1024 B)', () => {
    expect(bytesPerMegabyte).toBe(1_048_576);
    expect(uploadLimitBytes(limits, 'image/png')).toBe(5 * MB);
    expect(uploadLimitBytes(limits, 'IMAGE/JPEG')).toBe(5 * MB);
    expect(uploadLimitBytes(limits, 'video/mp4')).toBe(100 * MB);
    expect(uploadLimitBytes(limits, 'application/pdf')).toBe(20 * MB);
    expect(uploadLimitBytes([{ limit: '2.5', types: ['audio'] }], 'audio/mpeg')).toBe(2.5 * MB);
    const only = [{ limit: '5', types: ['image'] }];
    expect(checkUploadSize(only, file('big.jpg', 6 * MB, 'image/jpeg')).ok).toBe(false);
    expect(checkUploadSize(only, file('small.jpg', 4 * MB, 'image/jpeg'))).toEqual({ ok: true });
  });

  it('RULE-78 an exact mime type beats a family, a family beats a wildcard', () => {
    const mixed: UploadLimit[] = [
      { limit: '1', types: ['*'] },
      { limit: '10', types: ['image/*'] },
      { limit: '3', types: ['image/gif'] },
    ];
    expect(uploadLimitBytes(mixed, 'image/gif')).toBe(3 * MB);
    expect(uploadLimitBytes(mixed, 'image/png')).toBe(10 * MB);
    expect(uploadLimitBytes(mixed, 'text/csv')).toBe(1 * MB);
    expect(uploadLimitBytes(mixed, 'text/plain; charset=utf-8')).toBe(1 * MB);
  });

  it('RULE-79 without a matching entry the largest limit applies', () => {
    const twoLimits = [
      { limit: '5', types: ['image'] },
      { limit: '100', types: ['video'] },
    ];
    expect(uploadLimitBytes(twoLimits, 'application/zip')).toBe(100 * MB);
    expect(uploadLimitBytes(twoLimits, '')).toBe(100 * MB);
    expect(checkUploadSize(twoLimits, file('a.zip', 50 * MB, 'application/zip'))).toEqual({ ok: true });
    expect(checkUploadSize(twoLimits, file('a.zip', 150 * MB, 'application/zip')).ok).toBe(false);
    // 'image' is a family, not a prefix of 'imagex/…'.
    expect(uploadLimitBytes(twoLimits, 'imagex/foo')).toBe(100 * MB);
    expect(uploadLimitBytes([{ limit: 'abc', types: ['image'] }], 'image/png')).toBe(
      Number.POSITIVE_INFINITY,
    );
    expect(uploadLimitBytes([], 'image/png')).toBe(Number.POSITIVE_INFINITY);
  });

  it('RULE-80 a file passes only if it is strictly smaller than the limit', () => {
    expect(checkUploadSize(limits, file('exact.png', 5 * MB, 'image/png')).ok).toBe(false);
    expect(checkUploadSize(limits, file('under.png', 5 * MB - 1, 'image/png'))).toEqual({ ok: true });
  });

  it('RULE-81 an oversized file yields validation.maxSizeFile with the file name and readable limit', () => {
    expect(checkUploadSize(limits, file('Urlaub.png', 6 * MB, 'image/png'))).toEqual({
      ok: false,
      messageKey: 'validation.maxSizeFile',
      params: { fileName: 'Urlaub.png', maxSize: '5 MB' },
    });
    expect(
      checkUploadSize([{ limit: '1536', types: ['video'] }], file('film.mp4', 2048 * MB, 'video/mp4'), 'de'),
    ).toEqual({
      ok: false,
      messageKey: 'validation.maxSizeFile',
      params: { fileName: 'film.mp4', maxSize: '1,5 GB' },
    });
  });

  it('RULE-81 formatBytes writes binary units with at most 2 decimals', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(5 * MB)).toBe('5 MB');
    expect(formatBytes(1.5 * 1024 * MB)).toBe('1.5 GB');
    expect(formatBytes(1234567)).toBe('1.18 MB');
    expect(formatBytes(1234567, 'de')).toBe('1,18 MB');
    expect(formatBytes(3 * 1024 ** 4)).toBe('3 TB');
  });

  it('RULE-82 in a multi-file upload the passing files proceed and each oversized file is reported', () => {
    const big = file('big.png', 10 * MB, 'image/png');
    const small = file('small.png', 1 * MB, 'image/png');
    const clip = file('clip.mp4', 50 * MB, 'video/mp4');
    expect(partitionBySize(limits, [big, small, clip])).toEqual({
      accepted: [small, clip],
      rejected: [
        { file: big, messageKey: 'validation.maxSizeFile', params: { fileName: 'big.png', maxSize: '5 MB' } },
      ],
    });
  });
});
