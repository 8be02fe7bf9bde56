import { z } from 'zod';
import {
  moderationSettingBounds,
  type ModerationSettings,
  type ModerationSettingsPatch,
} from '../../../contracts/moderation';
import { keyedCheck, maxNumber, minNumber, numberValue } from '../../../contracts/validation';
import { fieldIssues, type FieldIssues } from '../../components/form-issues';

export type SettingName = keyof ModerationSettings;

/** The fields in the order the form shows them. */
export const reportSettings = ['reportsToHide', 'premoderateFirstPosts'] as const satisfies SettingName[];
export const limitSettings = [
  'postsPerHour',
  'commentsPerHour',
  'reportsPerHour',
] as const satisfies SettingName[];

/** What the number inputs hold: a number, or '' while a field is empty. */
export type SettingsValues = Record<SettingName, number | ''>;

// The contract's bounds, with messages people can read (the contract's own schema is for the server).
const setting = numberValue().check(
  keyedCheck(Number.isInteger, 'validation.notNumber'),
  minNumber(moderationSettingBounds.min),
  maxNumber(moderationSettingBounds.max),
);
const settingsFormSchema = z.object({
  reportsToHide: setting,
  premoderateFirstPosts: setting,
  postsPerHour: setting,
  commentsPerHour: setting,
  reportsPerHour: setting,
});

const names = [...reportSettings, ...limitSettings];

export const settingsValuesOf = (settings: ModerationSettings): SettingsValues => ({ ...settings });

/** An empty field is missing (`validation.required`), not "not a number". */
export function settingsIssuesOf(values: SettingsValues): FieldIssues {
  const input = Object.fromEntries(
    names.map((name) => [name, values[name] === '' ? undefined : values[name]]),
  );
  return fieldIssues(settingsFormSchema, input);
}

/** Only what differs from the saved settings (valid values only: check the issues first). */
export function settingsChangesOf(
  saved: ModerationSettings,
  values: SettingsValues,
): ModerationSettingsPatch {
  const changes: ModerationSettingsPatch = {};
  for (const name of names) {
    const value = values[name];
    if (value !== saved[name]) {
      changes[name] = value === '' ? Number.NaN : value;
    }
  }
  return changes;
}
