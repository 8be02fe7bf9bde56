import { queryOptions } from '@tanstack/react-query';
import { codeSentSchema } from '../../../contracts/code-limits';
import { accountSchema, identitySchema, type Account } from '../../../contracts/session';
import { timezoneListSchema } from '../../../contracts/timezones';
import type { Language } from '../../../contracts/language';
import { api } from '../../api/client';
import type { CodeSent } from '../auth';

export type AccountChanges = {
  firstName?: string;
  lastName?: string;
  language?: Language;
  timezone?: string;
};
export type PasswordChange = { currentPassword?: string; password: string; passwordConfirmation: string };

/** Spec §7 "Account": GET /timezones once per visit, shown as 'code (utc)'. */
export const timezonesQuery = queryOptions({
  queryKey: ['timezones'],
  queryFn: ({ signal }) => api.get('/timezones', { schema: timezoneListSchema, signal }),
  select: (list) => list.data,
  staleTime: Infinity,
  gcTime: Infinity,
});

export const accountApi = {
  identity: (signal?: AbortSignal): Promise<Account> =>
    api.get('/auth/identity', { schema: identitySchema, signal }).then(({ account }) => account),

  update: (changes: AccountChanges): Promise<Account> =>
    api.patch('/user', { body: changes, schema: accountSchema }),

  changePassword: (change: PasswordChange): Promise<unknown> => api.patch('/user/password', { body: change }),

  markAsDeleted: (): Promise<unknown> => api.patch('/user/mark-as-deleted'),

  /** The e-mail changes through the contact flow: a code goes to the new address. */
  startEmailChange: (email: string, resend = false): Promise<CodeSent> =>
    api.patch('/user/contact', {
      body: { field: 'email', value: email },
      query: resend ? { resend: true } : undefined,
      schema: codeSentSchema,
    }),

  confirmEmailChange: (email: string, code: string): Promise<Account> =>
    api.patch('/user/contact/confirm', {
      body: { field: 'email', login: email, code, type: 'email' },
      schema: accountSchema,
    }),
};
