/**
 * Validation rules of spec §5 as zod 4 helpers and plain predicates. Every issue's `message` is a
 * `validation.*` key (see keys.ts); bounds and names travel in the issue's `params`.
 *
 * - schemas: requiredString, requiredList, email, link, url, numberValue, positive, dateString, noSpaces,
 *   allowedSymbols, domainLabel, videoLink, time, orEmpty
 * - checks for `.check(...)`: requiredCheck, emailCheck, linkCheck, urlCheck, positiveCheck, dateCheck,
 *   noSpacesCheck, allowedSymbolsCheck, domainLabelCheck, videoLinkCheck, timeCheck, minLength, maxLength,
 *   minNumber, maxNumber, unique, uniqueItems, someRequired, confirmPassword
 * - predicates for form fields: isFilled, isEmail, isValidLink, isValidUrl, isNumeric, isPositive,
 *   isValidDate, hasNoSpaces, hasAllowedSymbols, isDomainLabel, isTime, isUnique, someFilled (and
 *   isVideoLink in ../video.ts)
 */
export * from './keys.ts';
export * from './issue.ts';
export * from './patterns.ts';
export * from './required.ts';
export * from './string-rules.ts';
export * from './number-rules.ts';
export * from './length-rules.ts';
export * from './date.ts';
export * from './relations.ts';
