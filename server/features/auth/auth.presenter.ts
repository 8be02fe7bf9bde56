import type { Account } from '../../../contracts/auth.ts';
import type { AccountRow } from './auth.repo.ts';

export function presentAccount(row: AccountRow): Account {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    language: row.language,
    timezone: row.timezone,
    isPasswordSet: row.passwordHash !== null,
  };
}
