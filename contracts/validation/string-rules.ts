import { z } from 'zod';
import { isVideoLink } from '../video.ts';
import { keyedCheck, typeError } from './issue.ts';
import { validationKeys, type ValidationKey } from './keys.ts';
import {
  hasAllowedSymbols,
  hasNoSpaces,
  isDomainLabel,
  isEmail,
  isTime,
  isValidLink,
  isValidUrl,
  type AllowedSymbolsKind,
} from './patterns.ts';

/**
 * String rules of spec §5 in two forms: `xxxCheck()` to add to any string schema with `.check(...)`, and
 * `xxx()` = a string schema with that check. Empty strings: `link` and `url` accept '' (spec), `noSpaces`
 * and `allowedSymbols` accept it (nothing wrong in it); the others refuse it, wrap them in `orEmpty(...)`
 * for optional form fields.
 */

export function emailCheck(): z.core.$ZodCheck<string> {
  return keyedCheck(isEmail, validationKeys.email);
}
export function linkCheck(): z.core.$ZodCheck<string> {
  return keyedCheck(isValidLink, validationKeys.href);
}
export function urlCheck(): z.core.$ZodCheck<string> {
  return keyedCheck(isValidUrl, validationKeys.url);
}
export function noSpacesCheck(): z.core.$ZodCheck<string> {
  return keyedCheck(hasNoSpaces, validationKeys.noSpaces);
}
export function allowedSymbolsKey(kind: AllowedSymbolsKind): ValidationKey {
  const keys = {
    text: validationKeys.allowedSymbolsText,
    name: validationKeys.allowedSymbolsName,
    textWithDigits: validationKeys.allowedSymbolsTextWithDigits,
    slug: validationKeys.allowedSymbolsSlug,
  } as const satisfies Record<AllowedSymbolsKind, ValidationKey>;
  return keys[kind];
}
export function allowedSymbolsCheck(kind: AllowedSymbolsKind): z.core.$ZodCheck<string> {
  return keyedCheck((value: string) => hasAllowedSymbols(value, kind), allowedSymbolsKey(kind));
}
export function domainLabelCheck(): z.core.$ZodCheck<string> {
  return keyedCheck(isDomainLabel, validationKeys.domain);
}
export function videoLinkCheck(): z.core.$ZodCheck<string> {
  return keyedCheck(isVideoLink, validationKeys.validateVideoUrl);
}
export function timeCheck(): z.core.$ZodCheck<string> {
  return keyedCheck(isTime, validationKeys.time);
}

function stringWith(key: ValidationKey, check: z.core.$ZodCheck<string>) {
  return z.string({ error: typeError(key) }).check(check);
}

export const email = () => stringWith(validationKeys.email, emailCheck());
export const link = () => stringWith(validationKeys.href, linkCheck());
export const url = () => stringWith(validationKeys.url, urlCheck());
export const noSpaces = () => stringWith(validationKeys.noSpaces, noSpacesCheck());
export const allowedSymbols = (kind: AllowedSymbolsKind) =>
  stringWith(allowedSymbolsKey(kind), allowedSymbolsCheck(kind));
export const domainLabel = () => stringWith(validationKeys.domain, domainLabelCheck());
export const videoLink = () => stringWith(validationKeys.validateVideoUrl, videoLinkCheck());
export const time = () => stringWith(validationKeys.time, timeCheck());

/** Also accepts '' (an optional form field left empty), e.g. `orEmpty(email())`. */
export function orEmpty<S extends z.ZodType>(schema: S) {
  return z.union([z.literal(''), schema], { error: typeError(validationKeys.invalidType) });
}
