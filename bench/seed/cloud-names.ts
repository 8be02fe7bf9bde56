import type { CloudFileType } from '../../contracts/cloud-enums.ts';
import type { CloudFileCategory } from '../../server/db/schema/index.ts';
import type { Random } from '../lib/random.ts';

/*
 * File names and types as a German association's library holds them: invoices, minutes, phone photos,
 * recordings, templates. Each folder has a profile that decides which names it gets.
 */

export type FileKind = {
  extension: string;
  mimeType: string;
  type: CloudFileType;
  category: CloudFileCategory;
  /** Log-uniform size range in bytes. */
  bytes: readonly [number, number];
  /** Pixel sizes the kind comes in (images). */
  pixels?: readonly (readonly [number, number])[];
  /** Duration range in seconds (audio, video). */
  seconds?: readonly [number, number];
};

const kb = 1024;
const mb = 1024 * kb;
const office = 'application/vnd.openxmlformats-officedocument';
const photo = [
  [4032, 3024],
  [3024, 4032],
  [4000, 3000],
  [6000, 4000],
  [1600, 1200],
] as const;

export const fileKinds = {
  pdf: {
    extension: 'pdf',
    mimeType: 'application/pdf',
    type: 'other',
    category: 'document',
    bytes: [40 * kb, 8 * mb],
  },
  docx: {
    extension: 'docx',
    mimeType: `${office}.wordprocessingml.document`,
    type: 'other',
    category: 'document',
    bytes: [15 * kb, 3 * mb],
  },
  xlsx: {
    extension: 'xlsx',
    mimeType: `${office}.spreadsheetml.sheet`,
    type: 'other',
    category: 'document',
    bytes: [10 * kb, 2 * mb],
  },
  pptx: {
    extension: 'pptx',
    mimeType: `${office}.presentationml.presentation`,
    type: 'other',
    category: 'document',
    bytes: [300 * kb, 40 * mb],
  },
  odt: {
    extension: 'odt',
    mimeType: 'application/vnd.oasis.opendocument.text',
    type: 'other',
    category: 'document',
    bytes: [10 * kb, 2 * mb],
  },
  txt: {
    extension: 'txt',
    mimeType: 'text/plain',
    type: 'other',
    category: 'document',
    bytes: [200, 60 * kb],
  },
  md: {
    extension: 'md',
    mimeType: 'text/markdown',
    type: 'other',
    category: 'document',
    bytes: [300, 40 * kb],
  },
  csv: {
    extension: 'csv',
    mimeType: 'text/csv',
    type: 'other',
    category: 'document',
    bytes: [1 * kb, 4 * mb],
  },
  jpg: {
    extension: 'jpg',
    mimeType: 'image/jpeg',
    type: 'image',
    category: 'image',
    bytes: [800 * kb, 9 * mb],
    pixels: photo,
  },
  heic: {
    extension: 'heic',
    mimeType: 'image/heic',
    type: 'image',
    category: 'image',
    bytes: [900 * kb, 4 * mb],
    pixels: photo,
  },
  png: {
    extension: 'png',
    mimeType: 'image/png',
    type: 'image',
    category: 'image',
    bytes: [60 * kb, 4 * mb],
    pixels: [
      [1920, 1080],
      [2880, 1800],
      [1170, 2532],
      [1080, 1080],
    ],
  },
  svg: {
    extension: 'svg',
    mimeType: 'image/svg+xml',
    type: 'image',
    category: 'image',
    bytes: [2 * kb, 300 * kb],
  },
  gif: {
    extension: 'gif',
    mimeType: 'image/gif',
    type: 'image',
    category: 'image',
    bytes: [100 * kb, 6 * mb],
    pixels: [
      [480, 270],
      [640, 360],
    ],
  },
  mp4: {
    extension: 'mp4',
    mimeType: 'video/mp4',
    type: 'video',
    category: 'video',
    bytes: [5 * mb, 800 * mb],
    seconds: [5, 5400],
  },
  mov: {
    extension: 'mov',
    mimeType: 'video/quicktime',
    type: 'video',
    category: 'video',
    bytes: [10 * mb, 600 * mb],
    seconds: [5, 900],
  },
  mp3: {
    extension: 'mp3',
    mimeType: 'audio/mpeg',
    type: 'audio',
    category: 'audio',
    bytes: [1 * mb, 90 * mb],
    seconds: [30, 4800],
  },
  m4a: {
    extension: 'm4a',
    mimeType: 'audio/mp4',
    type: 'audio',
    category: 'audio',
    bytes: [100 * kb, 30 * mb],
    seconds: [5, 1800],
  },
  wav: {
    extension: 'wav',
    mimeType: 'audio/wav',
    type: 'audio',
    category: 'audio',
    bytes: [5 * mb, 300 * mb],
    seconds: [30, 1800],
  },
  zip: {
    extension: 'zip',
    mimeType: 'application/zip',
    type: 'other',
    category: 'other',
    bytes: [100 * kb, 500 * mb],
  },
} as const satisfies Record<string, FileKind>;

export type KindName = keyof typeof fileKinds;

export const surnames = (
  'Müller Schmidt Schneider Fischer Weber Meyer Wagner Becker Schulz Hoffmann Koch Richter Klein Wolf Schröder ' +
  'Neumann Schwarz Zimmermann Braun Krüger Hartmann Lange Werner Krause Lehmann Köhler Maier Smith Johnson Brown ' +
  'Taylor Wilson Yılmaz Kaya Nowak Rossi Öztürk Bauer Vogel Jäger'
).split(' ');
const firstNames =
  'Anna Ben Clara David Emma Felix Greta Hannah Jonas Lea Lukas Marie Noah Paul Sophie Tom Mia'.split(' ');
const topics = (
  'Sommerfest|Weihnachtsfeier|Jahreshauptversammlung|Spendenlauf|Website-Relaunch|Jugendarbeit|Erste Hilfe|' +
  'Ehrenamt|Fundraising|Onboarding|Social Media|Datenschutz|Kinderturnen|Chorprobe|Vereinsfahrt|Annual report|' +
  'Team offsite|Kickoff|Brand guidelines|Volunteer training'
).split('|');
const companies =
  'Druckerei Becker|Stadtwerke|Getränke Hoffmann|Catering Lange|IT-Service Nord|Acme GmbH|Eventtechnik Wolf'.split(
    '|',
  );
const meetings = [
  'Vorstandssitzung',
  'Mitgliederversammlung',
  'Teamsitzung',
  'Kassenprüfung',
  'Board meeting',
];

/** What a name template draws from: the file's date and the seeded random source. */
export type NameContext = { random: Random; date: Date; surname: () => string };
type Template = { weight: number; kind: KindName | readonly KindName[]; name: (c: NameContext) => string };

const pad = (value: number, width: number) => String(value).padStart(width, '0');
const ymd = (d: Date, sep = '-') =>
  [d.getUTCFullYear(), pad(d.getUTCMonth() + 1, 2), pad(d.getUTCDate(), 2)].join(sep);
const ym = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1, 2)}`;
const hms = (d: Date, sep: string) =>
  [d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()].map((v) => pad(v, 2)).join(sep);
const n = (c: NameContext, max: number) => c.random.int(1, max);
const pick = <T>(c: NameContext, items: readonly T[]) => c.random.pick(items);

/** Templates that carry a person's surname (the search scenario plants a rare one in a few of them). */
export const surnameTemplates: Template[] = [
  { weight: 4, kind: 'pdf', name: (c) => `Rechnung ${ym(c.date)} ${c.surname()}` },
  { weight: 2, kind: 'pdf', name: (c) => `Vertrag ${c.surname()} ${c.date.getUTCFullYear()}` },
  { weight: 2, kind: 'pdf', name: (c) => `Mitgliedsantrag ${pick(c, firstNames)} ${c.surname()}` },
  { weight: 1, kind: 'pdf', name: (c) => `Kündigung ${c.surname()}` },
  { weight: 1, kind: 'docx', name: (c) => `Brief an ${c.surname()}` },
  { weight: 1, kind: 'pdf', name: (c) => `Spendenbescheinigung ${c.surname()} ${c.date.getUTCFullYear()}` },
  { weight: 1, kind: ['m4a', 'mov'], name: (c) => `Interview ${c.surname()}` },
];

const byProfile = {
  finance: [
    surnameTemplates[0]!,
    { weight: 3, kind: 'pdf', name: (c) => `Beleg_${ymd(c.date, '')}_${pad(n(c, 999), 3)}` },
    { weight: 1, kind: 'pdf', name: (c) => `Kontoauszug ${ym(c.date)}` },
    { weight: 1, kind: 'pdf', name: (c) => `Invoice INV-${pad(n(c, 99_999), 5)}` },
    { weight: 1, kind: 'xlsx', name: (c) => `Budget ${c.date.getUTCFullYear()} v${n(c, 6)}` },
    { weight: 1, kind: 'pdf', name: (c) => `Spendenbescheinigung ${c.surname()} ${c.date.getUTCFullYear()}` },
  ],
  photos: [
    { weight: 5, kind: 'jpg', name: (c) => `IMG_${pad(n(c, 9999), 4)}` },
    { weight: 2, kind: 'jpg', name: (c) => `DSC0${pad(n(c, 9999), 4)}` },
    { weight: 2, kind: 'jpg', name: (c) => `PXL_${ymd(c.date, '')}_${hms(c.date, '')}${pad(n(c, 999), 3)}` },
    { weight: 1, kind: 'heic', name: (c) => `IMG_${pad(n(c, 9999), 4)}` },
    { weight: 1, kind: 'jpg', name: (c) => `WhatsApp Image ${ymd(c.date)} at ${hms(c.date, '.')}` },
    { weight: 1, kind: 'jpg', name: (c) => `${pick(c, topics)} ${c.date.getUTCFullYear()} (${n(c, 300)})` },
    { weight: 1, kind: 'png', name: (c) => `Screenshot ${ymd(c.date)} um ${hms(c.date, '.')}` },
  ],
  video: [
    { weight: 3, kind: 'mp4', name: (c) => `VID_${ymd(c.date, '')}_${hms(c.date, '')}` },
    { weight: 1, kind: 'mp4', name: (c) => `Aufzeichnung Webinar ${pick(c, topics)}` },
    { weight: 1, kind: 'mov', name: (c) => `Interview ${c.surname()}` },
    { weight: 1, kind: 'mp4', name: (c) => `Trailer ${pick(c, topics)} final` },
  ],
  audio: [
    { weight: 2, kind: 'mp3', name: (c) => `Podcast Folge ${n(c, 180)} – ${pick(c, topics)}` },
    { weight: 2, kind: 'm4a', name: (c) => `Sprachmemo ${n(c, 400)}` },
    { weight: 1, kind: 'wav', name: (c) => `Rohaufnahme ${ymd(c.date)}` },
  ],
  board: [
    { weight: 3, kind: ['docx', 'pdf'], name: (c) => `Protokoll ${pick(c, meetings)} ${ymd(c.date)}` },
    { weight: 1, kind: 'pdf', name: (c) => `Beschluss ${pad(n(c, 40), 2)}-${c.date.getUTCFullYear()}` },
    { weight: 1, kind: 'docx', name: (c) => `Tagesordnung ${ymd(c.date)}` },
    { weight: 1, kind: 'md', name: (c) => `Meeting notes ${ymd(c.date)}` },
    surnameTemplates[4]!,
  ],
  members: [
    surnameTemplates[2]!,
    surnameTemplates[3]!,
    { weight: 1, kind: 'xlsx', name: (c) => `Mitgliederliste ${c.date.getUTCFullYear()}` },
    { weight: 1, kind: 'csv', name: (c) => `Adressliste Stand ${ym(c.date)}` },
    { weight: 2, kind: 'pdf', name: (c) => `SEPA-Mandat ${c.surname()}` },
  ],
  marketing: [
    { weight: 2, kind: 'pdf', name: (c) => `Flyer ${pick(c, topics)} A5` },
    { weight: 1, kind: ['svg', 'png'], name: (c) => `Logo_final_v${n(c, 9)}` },
    { weight: 2, kind: 'png', name: (c) => `Banner ${pick(c, topics)}` },
    { weight: 1, kind: 'pptx', name: (c) => `Präsentation ${pick(c, topics)}` },
    { weight: 1, kind: 'pdf', name: (c) => `Newsletter ${ym(c.date)}` },
    { weight: 2, kind: ['jpg', 'gif'], name: (c) => `Social Media Post ${pick(c, topics)} ${n(c, 50)}` },
  ],
  projects: [
    { weight: 2, kind: ['docx', 'odt'], name: (c) => `Konzept ${pick(c, topics)} v${n(c, 12)}` },
    { weight: 2, kind: 'pdf', name: (c) => `Angebot ${pad(n(c, 9999), 4)} ${pick(c, companies)}` },
    { weight: 1, kind: 'xlsx', name: (c) => `Zeitplan ${pick(c, topics)}` },
    { weight: 2, kind: 'pdf', name: (c) => `Entwurf ${pick(c, topics)} v${n(c, 20)}` },
    { weight: 1, kind: 'docx', name: (c) => `Requirements ${pick(c, topics)}` },
  ],
  contracts: [
    surnameTemplates[1]!,
    { weight: 1, kind: 'pdf', name: (c) => `Mietvertrag ${pick(c, topics)}` },
    { weight: 1, kind: 'pdf', name: (c) => `Vereinbarung ${pick(c, companies)}` },
    { weight: 1, kind: 'pdf', name: (c) => `NDA ${pick(c, companies)} signed` },
  ],
  training: [
    { weight: 3, kind: 'pdf', name: (c) => `Kursunterlagen ${pick(c, topics)} Teil ${n(c, 8)}` },
    { weight: 2, kind: 'pdf', name: (c) => `Übungsblatt ${n(c, 30)}` },
    { weight: 1, kind: 'xlsx', name: (c) => `Teilnehmerliste ${ymd(c.date)}` },
    { weight: 1, kind: 'pdf', name: (c) => `Zertifikat ${pick(c, firstNames)} ${c.surname()}` },
    { weight: 1, kind: 'mp4', name: (c) => `Aufzeichnung ${pick(c, topics)} Modul ${n(c, 10)}` },
  ],
  scans: [
    { weight: 3, kind: 'pdf', name: (c) => `Scan_${ymd(c.date)}_${pad(n(c, 9999), 4)}` },
    { weight: 1, kind: 'jpg', name: (c) => `Scan ${ymd(c.date, '')}` },
  ],
  misc: [
    { weight: 1, kind: 'zip', name: (c) => `Backup ${ymd(c.date)}` },
    { weight: 2, kind: 'docx', name: (c) => `Dokument ${n(c, 60)}` },
    { weight: 1, kind: 'txt', name: () => 'Notizen' },
    { weight: 1, kind: 'csv', name: (c) => `Export ${ymd(c.date)}` },
    { weight: 1, kind: 'pdf', name: (c) => `Scan_${pad(n(c, 9999), 4)}` },
  ],
} satisfies Record<string, Template[]>;

export type Profile = keyof typeof byProfile | 'mixed';
const profileNames = Object.keys(byProfile) as (keyof typeof byProfile)[];

export type GeneratedName = { name: string; kind: FileKind };

/** A file name and its kind for a folder of the given profile ('mixed': any profile, as an archive holds). */
export function fileName(
  profile: Profile,
  context: NameContext,
  templates?: readonly Template[],
): GeneratedName {
  const list = templates ?? byProfile[profile === 'mixed' ? context.random.pick(profileNames) : profile];
  const template = context.random.weighted(list.map((entry) => [entry, entry.weight] as const));
  const kinds = typeof template.kind === 'string' ? [template.kind] : template.kind;
  const kind: FileKind = fileKinds[context.random.pick(kinds)];
  // Cameras write upper-case extensions now and then.
  const extension = kind.extension === 'jpg' && context.random.next() < 0.15 ? 'JPG' : kind.extension;
  return { name: `${template.name(context)}.${extension}`, kind };
}
