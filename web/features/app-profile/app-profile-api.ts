import { queryOptions } from '@tanstack/react-query';
import { codeSentSchema } from '../../../contracts/auth';
import { pushSettingsSchema, type PushSettings, type PushSubscriptionBody } from '../../../contracts/push';
import {
  notificationsSchema,
  profileSchema,
  type Notifications,
  type Profile,
  type UpdateNotificationsBody,
  type UpdateProfileBody,
} from '../../../contracts/profile';
import { api } from '../../api/client';
import type { CodeSent } from '../auth';

export type { Notifications, Profile, PushSettings, UpdateNotificationsBody, UpdateProfileBody };

const base = (appId: string) => `/apps/${appId}/profile`;

/** `GET /apps/{appId}/profile`: the caller's own member profile; 404 when they have none in the app. */
export const memberProfileQuery = (appId: string) =>
  queryOptions({
    queryKey: ['app-profile', appId],
    queryFn: ({ signal }) => api.get(base(appId), { schema: profileSchema, signal }),
    // "Not a member (yet)" is a state of the screen, not an error to announce.
    meta: { silent: true },
  });

/** `GET /apps/{appId}/profile/notifications`: the settings with one row per action. */
export const notificationsQuery = (appId: string) =>
  queryOptions({
    queryKey: ['app-profile', appId, 'notifications'],
    queryFn: ({ signal }) => api.get(`${base(appId)}/notifications`, { schema: notificationsSchema, signal }),
    meta: { silent: true },
  });

/** `GET /apps/{appId}/profile/notifications/push`: the key browsers subscribe with, and how many did. */
export const pushSettingsQuery = (appId: string) =>
  queryOptions({
    queryKey: ['app-profile', appId, 'push'],
    queryFn: ({ signal }) =>
      api.get(`${base(appId)}/notifications/push`, { schema: pushSettingsSchema, signal }),
  });

/** The member-profile calls of spec §7 "Profile", typed from contracts/profile.ts. */
export const appProfileApi = {
  update: (appId: string, changes: UpdateProfileBody): Promise<Profile> =>
    api.patch(base(appId), { body: changes, schema: profileSchema }),

  /** The e-mail changes through the contact flow: a code goes to the new address. */
  startEmailChange: (appId: string, email: string, resend = false): Promise<CodeSent> =>
    api.patch(`${base(appId)}/contact`, {
      body: { field: 'email', value: email },
      query: resend ? { resend: true } : undefined,
      schema: codeSentSchema,
    }),

  confirmEmailChange: (appId: string, email: string, code: string): Promise<Profile> =>
    api.patch(`${base(appId)}/contact/confirm`, {
      body: { field: 'email', login: email, code, type: 'email', appId },
      schema: profileSchema,
    }),

  sendDeletionCode: (appId: string, resend = false): Promise<CodeSent> =>
    api.post(`${base(appId)}/delete/confirm/send`, {
      query: resend ? { resend: true } : undefined,
      schema: codeSentSchema,
    }),

  /** Leaves the app: the profile goes, the account stays. */
  delete: (appId: string, code: string): Promise<unknown> =>
    api.post(`${base(appId)}/delete`, { body: { code } }),

  updateNotifications: (appId: string, changes: UpdateNotificationsBody): Promise<Notifications> =>
    api.patch(`${base(appId)}/notifications`, { body: changes, schema: notificationsSchema }),

  /** This browser receives push for the caller (the server takes the subscription over from anyone else). */
  subscribePush: (appId: string, subscription: PushSubscriptionBody): Promise<unknown> =>
    api.post(`${base(appId)}/notifications/push`, { body: subscription }),

  unsubscribePush: (appId: string, endpoint: string): Promise<unknown> =>
    api.delete(`${base(appId)}/notifications/push`, { body: { endpoint } }),
};
