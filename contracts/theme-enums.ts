import { z } from 'zod';

/**
 * Closed value sets of pages, menus and the theme editor (spec §2-§3, GAPS.md §3). Re-exported by enums.ts.
 * 'legal page' (menu item type) is spelled 'legal_page'; widget types stay camelCase as the spec gives them.
 */

export const menuLayoutValues = ['top', 'left', 'second'] as const;
export type MenuLayout = (typeof menuLayoutValues)[number];
export const menuLayoutSchema = z.enum(menuLayoutValues);

export const postLayoutValues = ['feed', 'list', 'card'] as const;
export type PostLayout = (typeof postLayoutValues)[number];
export const postLayoutSchema = z.enum(postLayoutValues);

/**
 * Width/height ratios of covers and banners (GAPS 36): 1 = 1:1, 2.5 = 5:2, 4 = 4:1, 5 = 5:1.
 * The crop dialog's ratio list is a separate constant (constants.ts `imageCrop.aspectRatios`).
 */
export const aspectRatioValues = [1, 2.5, 4, 5] as const;
export type AspectRatio = (typeof aspectRatioValues)[number];
export const aspectRatioSchema = z.literal(aspectRatioValues);

export const widgetTypeValues = [
  'announcement',
  'calendar',
  'checklist',
  'contact',
  'daily',
  'embed',
  'imageBanner',
  'latestPost',
  'latestPosts',
  'leaderboard',
  'link',
  'members',
  'promo',
  'recentLessons',
  'support',
  'text',
  'upcomingEvents',
  'video',
  'welcomeMember',
] as const;
export type WidgetType = (typeof widgetTypeValues)[number];
export const widgetTypeSchema = z.enum(widgetTypeValues);

/** 'legal page' in the spec. */
export const menuItemTypeValues = ['legal_page', 'custom', 'external', 'system'] as const;
export type MenuItemType = (typeof menuItemTypeValues)[number];
export const menuItemTypeSchema = z.enum(menuItemTypeValues);

export const legalPageModeValues = ['text', 'url'] as const;
export type LegalPageMode = (typeof legalPageModeValues)[number];
export const legalPageModeSchema = z.enum(legalPageModeValues);

export const pageRowLayoutValues = [
  'one',
  'two',
  'three',
  'four',
  'five',
  'sidebar_right',
  'sidebar_left',
  'sidebar_both',
] as const;
export type PageRowLayout = (typeof pageRowLayoutValues)[number];
export const pageRowLayoutSchema = z.enum(pageRowLayoutValues);

export const themeEditorTabValues = ['colors', 'layout', 'code'] as const;
export type ThemeEditorTab = (typeof themeEditorTabValues)[number];
export const themeEditorTabSchema = z.enum(themeEditorTabValues);

export const previewDeviceValues = ['desktop', 'tablet', 'mobile'] as const;
export type PreviewDevice = (typeof previewDeviceValues)[number];
export const previewDeviceSchema = z.enum(previewDeviceValues);
