import { appPatchBodySchema, type App } from '../../../contracts/apps';
import type { MenuLayout } from '../../../contracts/theme-enums';
import type { ValidationIssue } from '../../../contracts/validation';
import type { Language } from '../../i18n/languages';
import type { AppPatch } from './app-settings-api';

/** What the general settings form edits (spec §3 "App settings" plus the theme editor's colour and menu). */
export type GeneralValues = {
  name: string;
  slug: string;
  language: Language;
  timezone: string | null;
  replyToEmail: string;
  supportUrl: string;
  isPhoneRequired: boolean;
  desktopMenuLayout: MenuLayout;
  /** '' = the product's own colour. */
  primaryColor: string;
};

/** The app's primary colour when it has none of its own (web/app/theme.ts `brand`, shade 6). */
export const defaultPrimaryColor = '#6653e6';

export function generalValuesOf(app: App): GeneralValues {
  return {
    name: app.name,
    slug: app.slug,
    language: app.language,
    timezone: app.timezone,
    replyToEmail: app.replyToEmail,
    supportUrl: app.supportUrl,
    isPhoneRequired: app.isPhoneRequired,
    desktopMenuLayout: app.desktopMenuLayout,
    primaryColor: app.theme.primaryColor ?? '',
  };
}

/** Only what differs from the app goes into `PATCH /apps/{appId}`; the design only for who may change it. */
export function generalChangesOf(app: App, values: GeneralValues, canDesign: boolean): AppPatch {
  const saved = generalValuesOf(app);
  const changes: AppPatch = {};
  if (values.name !== saved.name) {
    changes.name = values.name;
  }
  if (values.slug !== saved.slug) {
    changes.slug = values.slug;
  }
  if (values.language !== saved.language) {
    changes.language = values.language;
  }
  if (values.timezone !== saved.timezone && values.timezone !== null) {
    changes.timezone = values.timezone;
  }
  if (values.replyToEmail !== saved.replyToEmail) {
    changes.replyToEmail = values.replyToEmail;
  }
  if (values.supportUrl !== saved.supportUrl) {
    changes.supportUrl = values.supportUrl;
  }
  if (values.isPhoneRequired !== saved.isPhoneRequired) {
    changes.isPhoneRequired = values.isPhoneRequired;
  }
  if (canDesign && values.desktopMenuLayout !== saved.desktopMenuLayout) {
    changes.desktopMenuLayout = values.desktopMenuLayout;
  }
  if (canDesign && values.primaryColor !== saved.primaryColor && values.primaryColor !== '') {
    changes.theme = { primaryColor: values.primaryColor };
  }
  return changes;
}

export type GeneralIssues = Partial<Record<keyof GeneralValues, ValidationIssue>>;

/** Bounds the slug rule names in its messages (contracts/apps.ts `appSlugSchema`). */
const slugBounds = { min: 3, max: 50 };

/** The contract's rules over the changes, by form field (`theme.primaryColor` → `primaryColor`). */
export function generalIssuesOf(changes: AppPatch): GeneralIssues {
  const result = appPatchBodySchema.safeParse(changes);
  const issues: GeneralIssues = {};
  for (const issue of result.success ? [] : result.error.issues) {
    const head = String(issue.path[0] ?? '');
    const field = (head === 'theme' ? String(issue.path[1] ?? '') : head) as keyof GeneralValues;
    if (issues[field]) {
      continue;
    }
    const params =
      issue.code === 'custom' && issue.params ? issue.params : field === 'slug' ? slugBounds : undefined;
    issues[field] = params ? { key: issue.message, params } : { key: issue.message };
  }
  return issues;
}

/** The server's field errors by form field; a taken or reserved address becomes the slug's own text. */
export function generalServerIssuesOf(errors: Record<string, string>): GeneralIssues {
  const issues: GeneralIssues = {};
  for (const [path, key] of Object.entries(errors)) {
    const [head = '', sub = ''] = path.split('.');
    const field = (head === 'theme' ? sub : head) as keyof GeneralValues;
    issues[field] = key === 'validation.slugTaken' ? { key: 'appSettings.general.slugTaken' } : { key };
  }
  return issues;
}
