import type { Currency } from './enums.ts';
import { defaultLanguage } from './language.ts';

/**
 * Business constants and limits (spec §9, plus the defaults GAPS.md proposes where the spec is silent).
 * Units are in the names: px, Ms (milliseconds), Seconds, Days, Bytes.
 */

export const localeDefaults = {
  defaultLanguage,
  /** GAPS 41: no default currency is stated; EUR because the default language is German. */
  defaultCurrency: 'EUR' satisfies Currency,
  timeFormat: 'h:mm:ss',
  datePickerFormat: 'YYYY-MM-DD',
  /** 1 = Monday (the date picker's weeks start on Monday). */
  weekStartsOn: 1,
  /** Numbers are shown compact with at most this many decimals. */
  maxFractionDigits: 2,
} as const;

export const layoutPx = {
  headerHeight: 70,
  footerHeight: 70,
  mobileFooterHeight: 76,
  mobileHeaderHeight: 70,
  containerWidth: 1160,
  previewPhoneWidth: 375,
  tabletWidth: 768,
} as const;

export const mobileDialog = {
  footerHeightPx: 74,
  borderRadiusPx: 16,
  /** Fraction of the dialog height a swipe must cover to close it (70 percent). */
  swipeCloseThreshold: 0.7,
  scrollDebounceMs: 200,
} as const;

/** GAPS 32: "15 to 1430" is read as 15…1425 in steps of 15 (95 options) plus a full day (1440). */
const eventDurationStepMinutes = 15;
const fullDayMinutes = 24 * 60;
export const eventDefaults = {
  durationStepMinutes: eventDurationStepMinutes,
  fullDayMinutes,
  durationOptionsMinutes: [
    ...Array.from({ length: 95 }, (_, index) => (index + 1) * eventDurationStepMinutes),
    fullDayMinutes,
  ] as readonly number[],
  participantsNumberLimit: 10,
} as const;

export const embedSizesPx = {
  width: 560,
  videoHeight: 315,
  audioHeight: 200,
  spotifyHeight: 80,
  spotifyPlaylistHeight: 500,
} as const;

/** A lazily loaded chunk that has not arrived after this long fails with ChunkLoadError. */
export const chunkLoadTimeoutMs = 120_000;

export const pageSizes = {
  /** GAPS 33: lists without a stated size. */
  default: 20,
  dropdown: 15,
  statuses: 100,
  customStuff: 10,
  communityCategories: 100,
  eventCategories: 100,
  calendarEvents: 100,
  tagsDropdown: 15,
  accessPlans: 25,
  orders: 10,
  comments: 10,
  searchTable: 10,
  /** GAPS 3: folder contents and typed file lists; fills the virtual grid. */
  cloud: 50,
} as const;

/** Sort parameters: a '-' prefix means descending. */
export const sorting = {
  descendingPrefix: '-',
  accessPlans: '-createdAt',
  chats: '-updatedAt',
  /** GAPS 13: everywhere in the cloud, folders before files. */
  cloud: '-updatedAt',
  searchTableKeys: ['name', 'updatedAt'],
  searchTableDefault: '-updatedAt',
  commentSorts: ['oldest', 'trends'],
  /** GAPS 41. */
  defaultCommentSort: 'oldest',
} as const;

export const gamification = { leaderboardMembersCount: 100 } as const;
export const homeDefaults = { trendingPostsWindowInDays: 10 } as const;
export const smtpDefaults = { port: 587, encryption: 'none' } as const;

/**
 * Tariff limits and usage: -1 = unlimited, 0 = feature disabled, any other number = the maximum.
 * Usage is shown in `displayOrder`; smtp and discovery are limits but have no usage count.
 */
export const usageLimits = {
  unlimited: -1,
  disabled: 0,
  displayOrder: ['apps', 'contacts', 'domains', 'teamMembers'],
  excludedFromUsage: ['smtp', 'discovery'],
} as const;

export const timing = {
  gifSearchDebounceMs: 400,
  cloudSearchDebounceMs: 500,
  chatSearchDebounceMs: 500,
  gifScrollDebounceMs: 300,
  resizeDebounceMs: 250,
  /** The viewport shrinking by more than this means the on-screen keyboard opened. */
  keyboardDetectionThresholdPx: 250,
  breadcrumbsScrollDelayMs: 100,
  /** The select shows its loading indicator only after this delay, so fast answers do not flicker. */
  selectLoadingIndicatorDelayMs: 300,
  scrollArrowsStepPx: 220,
  scrollArrowsDurationMs: 300,
} as const;

/** GAPS 38: polling stops on a terminal status or after `maxDurationMs`. */
export const polling = {
  fileProcessingMs: 5_000,
  tasksMs: 3_000,
  maxDurationMs: 10 * 60_000,
} as const;

export const cloudDefaults = {
  gridTileWidthPx: 150,
  popupGridTileWidthPx: 111,
  infiniteScrollOffsetPx: 150,
  gifInfiniteScrollOffsetPx: 100,
  listItemSizePx: 60,
  gridItemSizePx: 160,
  listPaginationOffsetPx: 30,
  gridPaginationOffsetPx: 250,
  thumbnailSizePx: 40,
  searchTableDateFormat: 'DD.MM.YYYY',
  /** The bulk action bar shows when more than one file is selected. */
  bulkBarMinSelected: 2,
  /** GAPS 10: removed items are purged by the server after this many days. */
  removedPurgeDays: 30,
  /** GAPS 8: the fast-access pseudo-folder shows this many recently opened or uploaded items. */
  fastAccessCount: 20,
  /** GAPS 5: chunked uploads send 5 MB per request. */
  uploadChunkBytes: 5 * 1024 * 1024,
} as const;

/** Crop dialog (RULE-100, RULE-101): ratios offered in this order, output as png at quality 0.8. */
export const imageCrop = {
  quality: 0.8,
  aspectRatios: [
    { label: '1:1', value: 1 },
    { label: '3:2', value: 3 / 2 },
    { label: '4:3', value: 4 / 3 },
    { label: '5:2', value: 5 / 2 },
    { label: '16:9', value: 16 / 9 },
    { label: '2:3', value: 2 / 3 },
    { label: '3:4', value: 3 / 4 },
    { label: '2:5', value: 2 / 5 },
    { label: '9:16', value: 9 / 16 },
  ],
} as const;

/** GAPS 37: an entity is "legacy" when createdAt is strictly before this instant. */
export const legacyDateCutoff = '2025-07-14T00:00:00.000Z';

/** GAPS 23: defaults for the sign-in code limits (seconds, seconds, attempts), named as the API fields. */
export const defaultCodeLimits = {
  sendAgainAfter: 60,
  codeExpired: 600,
  codeCheckLimit: 5,
} as const;

/** Weather icons exist for condition codes in this range, each with a night variant. */
export const weatherConditionCodes = { first: 1000, last: 1282 } as const;
