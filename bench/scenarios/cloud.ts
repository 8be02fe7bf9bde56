import { mkdtemp, rm, statfs } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureThumbnailThroughput } from '../../server/features/cloud/media/thumbnail-throughput.ts';
import { withPeakRss } from '../lib/measure.ts';
import { removeThumbnails, writeFirstPageThumbnails } from '../lib/first-page-thumbnails.ts';
import { measurePageLoad } from '../lib/page-load.ts';
import { benchOwnerLogin } from '../seed/project.ts';
import type { Measurement, MeasurementContext, MeasuredValue } from '../lib/types.ts';
import { defineArea } from '../lib/types.ts';
import {
  deleteFiles,
  mebibyte,
  mebibytesPerSecond,
  uploadSlice,
  writeTestFile,
  type UploadTarget,
} from '../lib/uploads.ts';
import { seedCloud, type CloudSeed } from '../seed/cloud.ts';

type CloudPage = { data?: unknown[]; meta?: { total?: number; files?: number; folders?: number } };

/** The first page holds 50 items; meta counts the whole result. */
const expectPage = (expected: { total: number; files: number }) => (body: unknown) => {
  const { data, meta } = body as CloudPage;
  if (!data?.length || data.length !== Math.min(50, expected.total)) {
    return `expected a page of ${Math.min(50, expected.total)} items, got ${data?.length ?? 'none'}`;
  }
  return meta?.total === expected.total && meta.files === expected.files
    ? null
    : `expected total ${expected.total} and files ${expected.files}, got ${JSON.stringify(meta)}`;
};

/**
 * Issue 12: both lists reach ≥ 40 % of the ceiling's req/s in the same run. It replaces issue 5's absolute
 * budgets (≥ 1,500 req/s, p99 ≤ 30 and 50 ms), which held on one machine and missed on the next.
 */
const shareBudget = { minShareOfCeiling: 0.4 };

const largeUploadBytes = 1024 * mebibyte;
const parallelUploads = 10;
const parallelUploadBytes = 100 * mebibyte;
/**
 * One PATCH for the whole file. On loopback, 64 MiB chunks were slower in every try (1 GiB: 105 and 234 MiB/s
 * against 161 and 274 MiB/s unlimited, on a busy machine): every chunk is another request and another open and
 * append of the upload file. The web app's client still sends chunks, to resume after a dropped connection.
 */
const chunkSize = Number.POSITIVE_INFINITY;

/** The cloud library (DESIGN §11): a folder of 20,000 files, a name search over 100,000, uploads, thumbnails. */
export const cloudArea = defineArea({
  name: 'cloud',
  seed: seedCloud,
  summary: (data) => ({
    folders: data.folderCount,
    files: data.fileCount,
    archiveFiles: data.archiveFiles,
    totalGiB: Math.round(data.totalBytes / 1024 ** 3),
    searchTerm: data.searchTerm,
    searchTotal: data.searchTotal,
  }),
  scenarios: async (data, context) => {
    const headers = { authorization: await context.authorization(data.ownerAccountId) };
    return [
      {
        name: 'GET folder of 20,000 (page 1)',
        method: 'GET',
        path: `/api/folders/${data.archiveFolderId}/content`,
        headers,
        check: expectPage({ total: data.archiveFiles, files: data.archiveFiles }),
        budget: shareBudget,
      },
      {
        name: 'GET cloud search over 100,000',
        method: 'GET',
        path: `/api/projects/${data.projectId}/cloud/folders/content?type=my&search=${encodeURIComponent(data.searchTerm.toLowerCase())}`,
        headers,
        check: expectPage({ total: data.searchTotal, files: data.searchTotal }),
        budget: shareBudget,
      },
    ];
  },
  measurements: (data) => [
    libraryPageMeasurement(data),
    pageSpeedMeasurement(data),
    uploadsMeasurement(data),
    thumbnailsMeasurement,
  ],
});

const pageLoadRuns = 6;
const resultsDir = fileURLToPath(new URL('../results', import.meta.url));

/**
 * The library page on the folder of 20,000 files in Chromium (the budget: interactive within 1.5 s):
 * from the start of the navigation until the first file tile is shown and a click on it has selected it. The
 * first run starts with an empty browser cache, the others reuse the cached scripts as a second visit does.
 */
function libraryPageMeasurement(data: CloudSeed): Measurement {
  return {
    name: 'library page: time to interactive (folder of 20,000)',
    run: async (context) => {
      const runs = await measurePageLoad({
        baseUrl: context.baseUrl,
        path: `/projects/${data.projectId}/cloud/${data.archiveFolderId}`,
        login: benchOwnerLogin,
        target: '[data-testid="cloud-file"]',
        clicked: '[aria-selected="true"]',
        runs: pageLoadRuns,
      });
      const warm = runs
        .filter((run) => run.cache === 'warm')
        .map((run) => run.ms)
        .sort((a, b) => a - b);
      const cold = runs.find((run) => run.cache === 'cold');
      const median = warm[Math.floor(warm.length / 2)] ?? 0;
      const details = {
        runs: runs.length,
        coldMs: Math.round(cold?.ms ?? 0),
        coldFirstTileMs: Math.round(cold?.visibleMs ?? 0),
        warmMinMs: Math.round(warm[0] ?? 0),
        warmMaxMs: Math.round(warm.at(-1) ?? 0),
      };
      return [
        {
          name: 'library TTI, first visit',
          value: Math.round(cold?.ms ?? 0),
          unit: 'ms',
          budget: { max: 1500 },
          details,
        },
        {
          name: 'library TTI, repeat visit (median)',
          value: Math.round(median),
          unit: 'ms',
          budget: { max: 1500 },
          details,
        },
      ];
    },
  };
}

const lighthouseRuns = 3;

/**
 * Issue 14: Lighthouse (mobile profile, cold cache, median of three runs) on the sign-in page, the projects list
 * and the library on the folder of 20,000 files, whose first page gets real thumbnails for the time of the
 * measurement. Each run's full report goes to bench/results/lighthouse/. Lighthouse loads only when it runs.
 */
function pageSpeedMeasurement(data: CloudSeed): Measurement {
  return {
    name: 'page speed (Lighthouse, mobile)',
    run: async (context) => {
      const [{ measureLighthouse }, { pageSpeedValues }] = await Promise.all([
        import('../lib/lighthouse.ts'),
        import('../lib/page-speed.ts'),
      ]);
      const thumbnails = await writeFirstPageThumbnails({
        baseUrl: context.baseUrl,
        dataDir: context.dataDir,
        projectId: data.projectId,
        folderId: data.archiveFolderId,
        authorization: await context.authorization(data.ownerAccountId),
      });
      try {
        const summaries = await measureLighthouse({
          baseUrl: context.baseUrl,
          targets: [
            { name: 'sign-in', path: '/auth', signedIn: false },
            { name: 'projects', path: '/projects', signedIn: true },
            {
              name: 'library (20,000 files)',
              path: `/projects/${data.projectId}/cloud/${data.archiveFolderId}`,
              signedIn: true,
            },
          ],
          login: benchOwnerLogin,
          runs: lighthouseRuns,
          log: context.log,
          reportDir: path.join(resultsDir, 'lighthouse'),
        });
        return pageSpeedValues(summaries);
      } finally {
        await removeThumbnails(thumbnails);
      }
    },
  };
}

/**
 * One 1 GiB upload, then ten 100 MiB uploads at once, through tus on loopback into the bench server (real
 * bundle, local storage in its temporary DATA_DIR). The uploaded files are deleted for good afterwards.
 */
function uploadsMeasurement(data: CloudSeed): Measurement {
  return {
    name: 'tus uploads (1 GiB; 10 × 100 MiB in parallel)',
    run: async (context) => {
      const target: UploadTarget = {
        baseUrl: context.baseUrl,
        projectId: data.projectId,
        folderId: data.uploadFolderId,
        authorization: await context.authorization(data.ownerAccountId),
      };
      const dir = await mkdtemp(path.join(os.tmpdir(), 'gemeinde-bench-upload-'));
      const uploaded: string[] = [];
      try {
        await assertFreeSpace(dir, 3 * largeUploadBytes);
        const file = path.join(dir, 'source.bin');
        await writeTestFile(file, largeUploadBytes);
        return [
          await largeUpload(context, target, file, uploaded),
          ...(await parallel(target, file, uploaded)),
        ];
      } finally {
        await rm(dir, { recursive: true, force: true });
        await deleteFiles(target, uploaded);
      }
    },
  };
}

async function largeUpload(
  context: MeasurementContext,
  target: UploadTarget,
  file: string,
  uploaded: string[],
): Promise<MeasuredValue> {
  const { result, peakRssMb } = await withPeakRss(context.serverPid, () =>
    uploadSlice(target, { file, start: 0, end: largeUploadBytes }, 'Messung 1 GiB.bin', chunkSize),
  );
  if (result.fileId) {
    uploaded.push(result.fileId);
  } else {
    context.log(`  ! 1 GiB upload failed: ${result.error}`);
  }
  return {
    name: 'tus upload of 1 GiB',
    value: result.fileId ? mebibytesPerSecond(result.bytes, result.seconds) : 0,
    unit: 'MiB/s',
    budget: { min: 150 },
    errors: result.fileId ? 0 : 1,
    details: {
      bytes: result.bytes,
      seconds: round(result.seconds),
      chunkSize: Number.isFinite(chunkSize) ? chunkSize : 'unlimited',
      serverPeakRssMb: peakRssMb,
      error: result.error,
    },
  };
}

async function parallel(target: UploadTarget, file: string, uploaded: string[]): Promise<MeasuredValue[]> {
  const started = performance.now();
  // Different bytes each: consecutive 100 MiB slices of the 1 GiB file (block-aligned, see writeTestFile).
  const outcomes = await Promise.all(
    Array.from({ length: parallelUploads }, (_, index) =>
      uploadSlice(
        target,
        { file, start: index * parallelUploadBytes, end: (index + 1) * parallelUploadBytes },
        `Messung parallel ${index + 1}.bin`,
        chunkSize,
      ),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  const succeeded = outcomes.filter((outcome) => outcome.fileId);
  uploaded.push(...succeeded.map((outcome) => outcome.fileId!));
  const errors = outcomes.length - succeeded.length;
  const firstError = outcomes.find((outcome) => outcome.error)?.error ?? null;
  const details = {
    uploads: parallelUploads,
    bytesEach: parallelUploadBytes,
    seconds: round(seconds),
    firstError,
  };
  return [
    {
      name: `${parallelUploads} parallel 100 MiB uploads: errors`,
      value: errors,
      unit: 'errors',
      budget: { max: 0 },
      errors,
      details,
    },
    {
      name: `${parallelUploads} parallel 100 MiB uploads: total`,
      value: mebibytesPerSecond(succeeded.length * parallelUploadBytes, seconds),
      unit: 'MiB/s',
      budget: null,
      details: {
        ...details,
        slowestSeconds: round(Math.max(...outcomes.map((outcome) => outcome.seconds))),
      },
    },
  ];
}

/** Thumbnails of 12-megapixel camera JPEGs (4000 × 3000), in the bench process, as the processing job makes them. */
const thumbnailsMeasurement: Measurement = {
  name: 'thumbnails of 12 MP JPEGs',
  run: async () => {
    const result = await measureThumbnailThroughput({ count: 40, width: 4000, height: 3000 });
    return [
      {
        name: 'thumbnails of 12 MP JPEGs',
        value: result.imagesPerSecond,
        unit: 'images/s',
        budget: { min: 10 },
        details: {
          count: result.count,
          concurrency: result.concurrency,
          seconds: round(result.seconds),
          cpuMsPerImage: round(result.cpuMsPerImage),
        },
      },
    ];
  },
};

async function assertFreeSpace(dir: string, bytes: number): Promise<void> {
  const stats = await statfs(dir);
  const free = stats.bavail * stats.bsize;
  if (free < bytes) {
    throw new Error(
      `uploads need ${bytes / mebibyte} MiB free in ${dir}, only ${Math.floor(free / mebibyte)} MiB are`,
    );
  }
}

const round = (value: number) => Math.round(value * 100) / 100;
