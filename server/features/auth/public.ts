/*
 * The auth feature's public module: what other features may use of it (issue 12 point 6). Codes, sessions
 * and passwords are services; of the repository only the accounts table's lookups and the writes other
 * features make to accounts (placeholders for invited people, profile names, deletion) are here — codes,
 * sessions, refresh tokens and stash codes stay private to auth.
 */
export { presentAccount } from './auth.presenter.ts';
export {
  findLiveAccountByEmail,
  findLiveAccountById,
  insertAccount,
  isPlaceholderAccount,
  revokeSessionsOfAccount,
  updateAccount,
  type AccountRow,
} from './auth.repo.ts';
export { codeLimitsOf, createCodeService, noPendingCode, type CodeService } from './codes.service.ts';
export { hashPassword, verifyPassword } from './passwords.ts';
export {
  attemptsPerAccount,
  attemptsPerLogin,
  isResend,
  requestLanguage,
  sessionMetaOf,
} from './request-context.ts';
export { createSessionService, type SessionMeta, type SessionService } from './sessions.service.ts';
