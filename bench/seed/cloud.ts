import { v7 as uuidv7 } from 'uuid';
import { cloudFiles, cloudFolders, type CloudVariants } from '../../server/db/schema/index.ts';
import { tariffById } from '../../server/features/projects/tariffs.ts';
import type { SeedContext } from '../lib/types.ts';
import type { Random } from '../lib/random.ts';
import { fileName, surnameTemplates, surnames, type FileKind, type Profile } from './cloud-names.ts';
import { randomBytes } from './project.ts';

export type CloudSeed = {
  projectId: string;
  ownerAccountId: string;
  rootFolderId: string;
  /** "Archiv": 20,000 live files, no subfolders (the large-folder scenario). */
  archiveFolderId: string;
  archiveFiles: number;
  /** An empty folder the upload measurements write into, so they change no listed count. */
  uploadFolderId: string;
  folderCount: number;
  fileCount: number;
  totalBytes: number;
  /** The search scenario's term (a rare surname) and what the library search must answer for it. */
  searchTerm: string;
  searchTotal: number;
};

const archiveFiles = 20_000;
const otherFiles = 80_000;
const batchSize = 2_000;
const dayMs = 86_400_000;
/** Planted in every 2,500th file name (40 of 100,000); no other name or folder contains it. */
const rareSurname = 'Kowalczyk';
const rareEvery = 2_500;

type FolderRow = typeof cloudFolders.$inferInsert;
type FileRow = typeof cloudFiles.$inferInsert;
type SeedFolder = {
  id: string;
  profile: Profile;
  /** How much the folder holds compared to the others. */
  weight: number;
  fromYear: number;
  /** A year's folder ("2023", "Sommerfest 2023") holds files of that year only. */
  yearOnly: boolean;
};

/**
 * The base project owner's library (DESIGN §11): "My files" with "Archiv" (20,000 files) and ~200 more
 * folders three levels deep holding 80,000 files, skewed (a few folders hold thousands, most a few hundred).
 * About 1 % of those are in Removed and 2 % are chat attachments kept out of the library.
 */
export async function seedCloud({ db, random, project, log }: SeedContext): Promise<CloudSeed> {
  const now = Date.now();
  const { projectId, ownerAccountId } = project;
  const folderRows: FolderRow[] = [];
  const folder = (name: string, parentId: string | null, createdAt: number): string => {
    const id = uuidv7({ msecs: createdAt, random: randomBytes(random) });
    const at = new Date(createdAt);
    folderRows.push({ id, projectId, ownerAccountId, parentId, name, createdAt: at, updatedAt: at });
    return id;
  };
  const start = Date.UTC(2016, 0, 1);
  const rootFolderId = folder('My files', null, start);
  const archiveFolderId = folder('Archiv', rootFolderId, start + dayMs);
  const uploadFolderId = folder('Upload-Messung', rootFolderId, now - dayMs);
  const leaves = folderTree(random, (name, parentId, fromYear) =>
    folder(name, parentId, Math.max(start, Date.UTC(fromYear, 0, 1)) + random.int(0, 90) * dayMs),
  )(rootFolderId);
  await db.insert(cloudFolders).values(folderRows);

  let totalBytes = 0;
  let searchTotal = 0;
  let fileIndex = 0;
  let batch: FileRow[] = [];
  const flush = async () => {
    if (batch.length > 0) {
      await db.insert(cloudFiles).values(batch);
      batch = [];
    }
  };
  const targets = [
    {
      folders: [
        { id: archiveFolderId, profile: 'mixed', weight: 1, fromYear: 2016, yearOnly: false },
      ] as SeedFolder[],
      count: archiveFiles,
      archive: true,
    },
    { folders: leaves, count: otherFiles, archive: false },
  ];
  for (const target of targets) {
    for (const [seedFolder, count] of spread(target.folders, target.count)) {
      for (let index = 0; index < count; index++) {
        const row = fileRow(random, {
          projectId,
          ownerAccountId,
          folder: seedFolder,
          now,
          // The archive holds everything as it was; elsewhere some files are in Removed or chat attachments.
          state: target.archive
            ? 'live'
            : random.weighted([
                ['live', 97],
                ['deleted', 1],
                ['hidden', 2],
              ] as const),
          rare: fileIndex % rareEvery === rareEvery / 2,
        });
        fileIndex++;
        totalBytes += row.size;
        if (
          row.name.toLowerCase().includes(rareSurname.toLowerCase()) &&
          !row.deletedAt &&
          !row.hiddenInCloud
        ) {
          searchTotal++;
        }
        batch.push(row);
        if (batch.length === batchSize) {
          await flush();
        }
      }
    }
  }
  await flush();

  const quota = tariffById('business').limits.storageMb * 1024 * 1024;
  // The upload measurements need room for ~2 GiB on top of the seeded files.
  if (totalBytes > quota - 4 * 1024 ** 3) {
    throw new Error(`cloud seed: ${totalBytes} bytes leave no room for the uploads under the quota ${quota}`);
  }
  const folderMatches = folderRows.filter((row) =>
    row.name.toLowerCase().includes(rareSurname.toLowerCase()),
  );
  if (folderMatches.length > 0) {
    throw new Error('cloud seed: a folder name contains the search term');
  }
  log(
    `cloud: ${folderRows.length} folders, ${fileIndex} files (${(totalBytes / 1024 ** 3).toFixed(0)} GiB), ` +
      `"${rareSurname}" in ${searchTotal} live names`,
  );
  return {
    projectId,
    ownerAccountId,
    rootFolderId,
    archiveFolderId,
    archiveFiles,
    uploadFolderId,
    folderCount: folderRows.length,
    fileCount: fileIndex,
    totalBytes,
    searchTerm: rareSurname,
    searchTotal,
  };
}

type AddFolder = (name: string, parentId: string, fromYear: number) => string;

const years = [2020, 2021, 2022, 2023, 2024, 2025, 2026];

/**
 * ~200 folders below My files. Returns a function that builds them under the root and lists the folders
 * files go into, each with its profile and a weight (how much it holds compared to the others).
 */
function folderTree(random: Random, add: AddFolder) {
  return (rootId: string): SeedFolder[] => {
    const leaves: SeedFolder[] = [];
    const holds = (
      id: string,
      profile: Profile,
      fromYear: number,
      options: { weight?: number; yearOnly?: boolean } = {},
    ) => {
      const weight = options.weight ?? random.int(1, 10);
      // Skewed: every eighth folder is a large one.
      const skewed = random.next() < 0.125 ? weight * 12 : weight;
      leaves.push({ id, profile, fromYear, weight: skewed, yearOnly: options.yearOnly ?? false });
      return id;
    };
    const ofYear = { yearOnly: true };
    const top = (name: string) => add(name, rootId, 2019);
    const finance = top('Finanzen');
    for (const year of years) {
      const yearId = holds(add(String(year), finance, year), 'finance', year, { weight: 2, yearOnly: true });
      for (const name of ['Belege', 'Kontoauszüge', 'Rechnungen']) {
        holds(add(name, yearId, year), 'finance', year, ofYear);
      }
    }
    const photos = holds(top('Fotos'), 'photos', 2019, { weight: 20 });
    for (const year of years) {
      const yearId = holds(add(String(year), photos, year), 'photos', year, { weight: 3, yearOnly: true });
      for (const event of ['Sommerfest', 'Weihnachtsfeier', 'Vereinsfahrt', 'Training', 'Turnier']) {
        holds(add(`${event} ${year}`, yearId, year), 'photos', year, ofYear);
      }
    }
    const events = top('Veranstaltungen');
    for (const year of years) {
      for (const event of ['Jahreshauptversammlung', 'Sommerfest', 'Tag der offenen Tür']) {
        if (random.next() < 0.95) {
          holds(
            add(`${event} ${year}`, events, year),
            random.pick(['photos', 'board', 'marketing'] as const),
            year,
            ofYear,
          );
        }
      }
    }
    const projects = top('Projekte');
    const projectNames = [
      'Website-Relaunch',
      'Spendenlauf',
      'Jugendfreizeit',
      'Vereinsheim Sanierung',
      'Chronik 100 Jahre',
      'App-Einführung',
      'Förderantrag Land',
      'Kooperation Schule',
      'Newsletter 2.0',
      'Mitgliederwerbung',
      'Barrierefreiheit',
      'Digitalisierung',
    ];
    for (const name of projectNames) {
      const projectId = holds(add(`Projekt ${name}`, projects, 2020), 'projects', 2020);
      holds(add('Entwürfe', projectId, 2020), 'projects', 2020);
      holds(add('Final', projectId, 2020), random.pick(['projects', 'marketing'] as const), 2020);
    }
    const board = holds(top('Vorstand'), 'board', 2019);
    const minutes = holds(add('Protokolle', board, 2019), 'board', 2019);
    for (const year of years) {
      holds(add(String(year), minutes, year), 'board', year, ofYear);
    }
    for (const name of ['Beschlüsse', 'Korrespondenz']) {
      holds(add(name, board, 2019), 'board', 2019);
    }
    const members = top('Mitglieder');
    for (const name of ['Anträge', 'Kündigungen', 'Listen']) {
      holds(add(name, members, 2019), 'members', 2019, { weight: 6 });
    }
    const marketing = top('Marketing');
    for (const name of ['Flyer', 'Social Media', 'Logos', 'Newsletter']) {
      holds(add(name, marketing, 2019), 'marketing', 2019);
    }
    const training = top('Schulungen');
    for (const name of [
      'Erste Hilfe',
      'Übungsleiter C',
      'Datenschutz',
      'Kassenführung',
      'Social Media',
      'Jugendschutz',
      'Moderation',
      'Excel für Vereine',
    ]) {
      holds(add(name, training, 2020), 'training', 2020);
    }
    const videos = holds(top('Videos'), 'video', 2019);
    for (const name of ['Imagefilm', 'Turniere', 'Webinare', 'Interviews', 'Rohmaterial', 'Social Clips']) {
      holds(add(name, videos, 2019), 'video', 2019, { weight: 2 });
    }
    const podcast = top('Podcast');
    holds(add('Rohaufnahmen', podcast, 2021), 'audio', 2021);
    holds(add('Folgen', podcast, 2021), 'audio', 2021);
    const contracts = holds(top('Verträge'), 'contracts', 2019);
    for (const name of ['Miete', 'Versicherungen', 'Sponsoren', 'Dienstleister', 'Personal']) {
      holds(add(name, contracts, 2019), 'contracts', 2019);
    }
    const scans = holds(top('Scans'), 'scans', 2019);
    const press = holds(top('Presse'), 'marketing', 2019);
    for (const year of years) {
      holds(add(String(year), scans, year), 'scans', year, ofYear);
      holds(add(`Presse ${year}`, press, year), 'marketing', year, ofYear);
    }
    const personal = holds(top('Persönlich'), 'misc', 2019);
    for (const name of ['Reisen', 'Steuer', 'Gesundheit', 'Auto']) {
      holds(add(name, personal, 2019), random.pick(['misc', 'scans', 'photos'] as const), 2019);
    }
    holds(top('Vorlagen'), 'misc', 2019);
    holds(top('Shared with partners'), 'projects', 2021);
    holds(rootId, 'misc', 2019, { weight: 4 });
    return leaves;
  };
}

/** Splits `total` files over the folders by weight (the largest takes the rounding remainder). */
function spread(folders: SeedFolder[], total: number): [SeedFolder, number][] {
  const sum = folders.reduce((acc, entry) => acc + entry.weight, 0);
  const counts = folders.map((entry) => Math.floor((total * entry.weight) / sum));
  const largest = counts.indexOf(Math.max(...counts));
  counts[largest]! += total - counts.reduce((acc, count) => acc + count, 0);
  return folders.map((entry, index) => [entry, counts[index]!]);
}

function fileRow(
  random: Random,
  input: {
    projectId: string;
    ownerAccountId: string;
    folder: SeedFolder;
    now: number;
    state: 'live' | 'deleted' | 'hidden';
    rare: boolean;
  },
): FileRow {
  const { projectId, ownerAccountId, folder, now, state } = input;
  const from = Date.UTC(folder.fromYear, 0, 1);
  const until = folder.yearOnly ? Math.min(now, Date.UTC(folder.fromYear + 1, 0, 1)) : now;
  const createdAt = from + Math.floor(random.next() * (until - from));
  const date = new Date(createdAt);
  const surname = () => (input.rare ? rareSurname : random.pick(surnames));
  // A planted file takes a name that carries a surname, whatever its folder usually holds.
  const { name, kind } = fileName(
    folder.profile,
    { random, date, surname },
    input.rare ? surnameTemplates : undefined,
  );
  const id = uuidv7({ msecs: createdAt, random: randomBytes(random) });
  // A fifth were edited (renamed, moved) later.
  const updatedAt = random.next() < 0.2 ? Math.min(now, createdAt + random.int(1, 400) * dayMs) : createdAt;
  const key = (variant: string) => `projects/${projectId}/files/${id}/${variant}`;
  const [width, height] = kind.pixels ? random.pick(kind.pixels) : [null, null];
  const seconds = kind.seconds ? random.int(kind.seconds[0], kind.seconds[1]) : null;
  return {
    id,
    projectId,
    ownerAccountId,
    folderId: folder.id,
    name,
    originalName: name,
    extension: kind.extension,
    mimeType: kind.mimeType,
    type: kind.type,
    category: kind.category,
    size: sizeOf(random, kind),
    width,
    height,
    durationMs: seconds === null ? null : seconds * 1000,
    storageKey: key('original'),
    variants: variantsOf(kind, key),
    hiddenInCloud: state === 'hidden',
    source: state === 'hidden' ? 'chat' : 'cloud',
    lastOpenedAt: random.next() < 0.1 ? new Date(now - random.int(0, 60) * dayMs) : null,
    deletedAt: state === 'deleted' ? new Date(now - random.int(0, 29) * dayMs) : null,
    createdAt: date,
    updatedAt: new Date(updatedAt),
  };
}

/** Log-uniform between the kind's bounds: many small files, a few large ones. */
function sizeOf(random: Random, kind: FileKind): number {
  const [min, max] = kind.bytes;
  return Math.round(min * (max / min) ** random.next());
}

/** The derived files processing wrote (images and videos get thumbnails; videos their poster and mp4). */
function variantsOf(kind: FileKind, key: (variant: string) => string): CloudVariants {
  if (kind.type === 'image' && kind.mimeType !== 'image/svg+xml') {
    return { tile: key('tile.webp'), table: key('table.webp'), preview: key('preview.webp') };
  }
  if (kind.type === 'video') {
    return {
      tile: key('tile.webp'),
      table: key('table.webp'),
      preview: key('preview.webp'),
      poster: key('poster.webp'),
      video: key('video.mp4'),
    };
  }
  return {};
}
