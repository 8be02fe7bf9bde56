/**
 * Stable error codes that leave the server in `{ code, message, errors? }`.
 * `message` is always an i18n key (`errors.<code>` unless stated otherwise); the client translates it.
 */
export const errorCodes = {
  // platform
  validationFailed: 'VALIDATION_FAILED',
  malformedJson: 'MALFORMED_JSON',
  /** Text PostgreSQL cannot store (a NUL character, a lone UTF-16 surrogate); `errors` names the field. */
  invalidText: 'INVALID_TEXT',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  rateLimited: 'RATE_LIMITED',
  serviceUnavailable: 'SERVICE_UNAVAILABLE',
  internal: 'INTERNAL',
  // identity: every one answers `{ code, message, details: { limits? } }`
  invalidCode: 'INVALID_CODE',
  codeExpired: 'CODE_EXPIRED',
  codeCheckLimit: 'CODE_CHECK_LIMIT',
  sendAgainLater: 'SEND_AGAIN_LATER',
  invalidCredentials: 'INVALID_CREDENTIALS',
  invalidRefreshToken: 'INVALID_REFRESH_TOKEN',
  invalidStashCode: 'INVALID_STASH_CODE',
  currentPasswordWrong: 'CURRENT_PASSWORD_WRONG',
  // workspace
  /** A tariff limit would be exceeded; `details: {key, limit, used}`. */
  quotaExceeded: 'QUOTA_EXCEEDED',
  /** An app slug (or another unique address) is taken; `errors` names the field. */
  slugTaken: 'SLUG_TAKEN',
  /** The address already belongs to a member (or team member) of this app (project). */
  alreadyMember: 'ALREADY_MEMBER',
  /** The project's owner cannot leave it, the app's owner profile cannot be removed. */
  ownerLocked: 'OWNER_LOCKED',
  /** The default tags blocked and punished cannot be renamed or deleted. */
  defaultTagLocked: 'DEFAULT_TAG_LOCKED',
  // cloud
  /** Folders are created only inside the caller's own "My files" tree (the "cannot create a folder here" banner). */
  folderCreateForbidden: 'FOLDER_CREATE_FORBIDDEN',
  /** A move target already holds one of the moved items, or is one of the moved folders or inside one. */
  moveTargetInvalid: 'MOVE_TARGET_INVALID',
  /** Permanent deletion (and restore) apply to items in Removed only. */
  notInRemoved: 'NOT_IN_REMOVED',
  /**
   * A file or folder name that cannot be kept as typed (contracts/cloud-names.ts); `errors.name` is the
   * `validation.*` key, `details: {reason, characters?}` names the refused characters.
   */
  invalidName: 'INVALID_NAME',
  /** The folder already holds an item of that name; `details: {name, kind, suggestion}` (409). */
  nameTaken: 'NAME_TAKEN',
  /** The file is larger than the upload limit of its type; `details: {limitBytes, type}`. */
  fileTooLarge: 'FILE_TOO_LARGE',
  /** The file is still being processed (or failed to), so it has nothing to serve yet. */
  fileNotReady: 'FILE_NOT_READY',
  /** A feature that needs outside configuration (the GIF service's API key) is switched off. */
  featureDisabled: 'FEATURE_DISABLED',
  /**
   * The request names something a later feature builds (a member's posts, access plans, community groups,
   * spaces …): refused until it exists instead of answering as if it did. `errors` names the field, if any.
   */
  featureNotAvailable: 'FEATURE_NOT_AVAILABLE',
  // moderation (issue 16): 429s carry `details: {retryAfterSeconds, limit}` and the `Retry-After` header
  /** The member wrote as many posts in the last hour as the app's moderation settings allow. */
  postRateLimited: 'POST_RATE_LIMITED',
  /** The member wrote as many comments in the last hour as the app's moderation settings allow. */
  commentRateLimited: 'COMMENT_RATE_LIMITED',
  /** The member sent as many reports in the last hour as the app's moderation settings allow. */
  reportRateLimited: 'REPORT_RATE_LIMITED',
  /** The person has reported this post or comment already (409). */
  alreadyReported: 'ALREADY_REPORTED',
  // chat (issue 17)
  /** The partner of this private chat has blocked the caller: nothing can be sent there (403). */
  chatBlocked: 'CHAT_BLOCKED',
  /** The caller has blocked the partner of this private chat: unblock to write again (403). */
  chatPartnerBlocked: 'CHAT_PARTNER_BLOCKED',
  // articles (issue 20)
  /** An article category still holds articles: move or delete them first (409, `details: {articles}`). */
  articleCategoryNotEmpty: 'ARTICLE_CATEGORY_NOT_EMPTY',
  // help desk (issue 20)
  /** A help-desk category would nest deeper than three levels (400); `details: {maxDepth}`, `errors.parentId`. */
  helpdeskTooDeep: 'HELPDESK_TOO_DEEP',
  // tickets (issue 20)
  /** The member has as many open tickets as the app's ticket settings allow (409); `details: {limit}`. */
  ticketLimitReached: 'TICKET_LIMIT_REACHED',
  /** The satisfaction question is not open: the ticket is not completed, it is off, or was answered (409). */
  satisfactionNotAsked: 'SATISFACTION_NOT_ASKED',
  // courses (issue 19)
  /** The lesson is not open to the caller (drip, order, time limit …); `details` carries its lessonAction (403). */
  lessonLocked: 'LESSON_LOCKED',
  // gamification (issue 21)
  /** The member's balance does not cover a purchase or the chat's message fee (409); `details: {balance, required}`. */
  pointsTooLow: 'POINTS_TOO_LOW',
  /** The reward is sold out (409). */
  rewardSoldOut: 'REWARD_SOLD_OUT',
  /** The member bought the reward as often as its per-member limit allows (409); `details: {limit}`. */
  rewardLimitReached: 'REWARD_LIMIT_REACHED',
  /** The content asks for a level the member has not reached (403); `details: {level, name, points}`. */
  levelRequired: 'LEVEL_REQUIRED',
  // rich text
  /** Rich text longer than `richTextMaxLength` before sanitizing (400); `details: {maxLength}`, `errors` names the field. */
  richTextTooLong: 'RICH_TEXT_TOO_LONG',
  // spec §8
  invalidCss: 'INVALID_CSS',
  domainIsAlreadyUsed: 'DOMAIN_IS_ALREADY_USED',
  /**
   * Auth flow cannot continue from this step (no pending code, the account was deleted meanwhile): the
   * client re-throws it to its generic handler and restarts the flow instead of showing code limits.
   */
  authRethrow: '40000',
  autoresponderInvalidCredentials: '50004',
} as const;

export type ErrorCode = (typeof errorCodes)[keyof typeof errorCodes];
export const errorCodeValues = Object.values(errorCodes) as ErrorCode[];

/** The body of every error response. `errors` maps a field path to a `validation.*` key. */
export type ApiErrorBody = {
  code: ErrorCode;
  message: string;
  errors?: Record<string, string>;
  details?: Record<string, unknown>;
};

/** The i18n key under which the client finds the human text of an error code. */
export function errorMessageKey(code: ErrorCode): string {
  return `errors.${code}`;
}
