/*
 * The projects feature's public module (issue 12 point 6): the tariff catalogue and the quota check every
 * feature that adds counted things (apps, contacts, domains, team members) runs inside its transaction.
 */
export { assertWithinQuota } from './quota.ts';
export { tariffById, type CountedLimitKey } from './tariffs.ts';
