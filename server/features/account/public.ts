/*
 * The account feature's public module (issue 12 point 6): the account service (the member's own profile
 * starts contact changes through it) and the time-zone check other forms share.
 */
export { createAccountService, type AccountService } from './account.service.ts';
export { isTimezone } from './timezones.ts';
