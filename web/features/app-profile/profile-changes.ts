import {
  privacyFlagKeys,
  socialLinkKeys,
  type PrivacyFlagKey,
  type Profile,
  type SocialLinkKey,
  type UpdateProfileBody,
} from '../../../contracts/profile';
import type { Language } from '../../../contracts/language';
import { sentValue, type FieldValue } from './custom-field-inputs';

/** What the member profile form edits; `null` language / time zone = the account's. */
export type ProfileValues = {
  firstName: string;
  lastName: string;
  bio: string;
  location: string;
  phone: string;
  social: Record<SocialLinkKey, string>;
  privacy: Record<PrivacyFlagKey, boolean>;
  darkMode: boolean;
  language: Language | null;
  timezone: string | null;
  /** The app's own fields, by field id. */
  customFields: Record<string, FieldValue>;
};

export function valuesOf(profile: Profile): ProfileValues {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    bio: profile.bio,
    location: profile.location,
    phone: profile.phone,
    social: { ...profile.social },
    privacy: { ...profile.privacy },
    darkMode: profile.darkMode,
    language: profile.language,
    timezone: profile.timezone,
    customFields: { ...profile.customFields },
  };
}

const sameValue = (a: FieldValue, b: FieldValue) =>
  JSON.stringify(sentValue(a)) === JSON.stringify(sentValue(b));

const textFields = ['firstName', 'lastName', 'bio', 'location', 'phone'] as const;

/**
 * The PATCH body: only what differs from the profile. Texts are trimmed; links and privacy flags are sent key
 * by key (the server merges them), so an untouched link is never sent.
 */
export function changesOf(profile: Profile, values: ProfileValues): UpdateProfileBody {
  const changes: UpdateProfileBody = {};
  for (const field of textFields) {
    const value = values[field].trim();
    if (value !== profile[field]) {
      changes[field] = value;
    }
  }
  const social: Partial<Record<SocialLinkKey, string>> = {};
  for (const key of socialLinkKeys) {
    const value = values.social[key].trim();
    if (value !== profile.social[key]) {
      social[key] = value;
    }
  }
  if (Object.keys(social).length > 0) {
    changes.social = social;
  }
  const privacy: Partial<Record<PrivacyFlagKey, boolean>> = {};
  for (const key of privacyFlagKeys) {
    if (values.privacy[key] !== profile.privacy[key]) {
      privacy[key] = values.privacy[key];
    }
  }
  if (Object.keys(privacy).length > 0) {
    changes.privacy = privacy;
  }
  if (values.darkMode !== profile.darkMode) {
    changes.darkMode = values.darkMode;
  }
  if (values.language !== profile.language) {
    changes.language = values.language;
  }
  if (values.timezone !== profile.timezone) {
    changes.timezone = values.timezone;
  }
  // Field by field (the server merges them); an emptied value is sent as null, which removes it.
  const customFields: Record<string, ReturnType<typeof sentValue>> = {};
  for (const [id, value] of Object.entries(values.customFields)) {
    if (!sameValue(value, profile.customFields[id])) {
      customFields[id] = sentValue(value);
    }
  }
  if (Object.keys(customFields).length > 0) {
    changes.customFields = customFields;
  }
  return changes;
}
