import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  appOptionsResponseSchema,
  appResponseSchema,
  type App,
  type AppOptionsValues,
  type AppService,
  type appOptionsPatchSchema,
  type appPatchBodySchema,
} from '../../../contracts/apps';
import { homeSettingsSchema, serviceSettingsResponseSchema } from '../../../contracts/service-settings';
import { api } from '../../api/client';

export type AppPatch = z.input<typeof appPatchBodySchema>;
export type AppOptionsPatch = z.input<typeof appOptionsPatchSchema>;
export type HomeSettings = z.output<typeof homeSettingsSchema>;

/** `GET /apps/{appId}/options`: which services the app has switched on. */
export const appOptionsQuery = (appId: string) =>
  queryOptions({
    queryKey: ['app-options', appId],
    queryFn: ({ signal }) => api.get(`/apps/${appId}/options`, { schema: appOptionsResponseSchema, signal }),
    select: (answer) => answer.data,
  });

/** `GET /apps/{appId}/home/settings`: the Home service's settings over their defaults. */
export const homeSettingsQuery = (appId: string) =>
  queryOptions({
    queryKey: ['service-settings', appId, 'home'],
    queryFn: async ({ signal }) => {
      const answer = await api.get(`/apps/${appId}/home/settings`, {
        schema: serviceSettingsResponseSchema,
        signal,
      });
      return { data: homeSettingsSchema.parse(answer.data), permissions: answer.permissions };
    },
  });

/** The settings calls of spec §7 "App services", typed from contracts/apps.ts and service-settings.ts. */
export const appSettingsApi = {
  /** `PATCH /apps/{appId}` with only what changed (settings/general). */
  update: async (appId: string, changes: AppPatch): Promise<App> =>
    (await api.patch(`/apps/${appId}`, { body: changes, schema: appResponseSchema })).data,

  updateOptions: async (appId: string, changes: AppOptionsPatch): Promise<AppOptionsValues> =>
    (await api.patch(`/apps/${appId}/options`, { body: changes, schema: appOptionsResponseSchema })).data,

  updateServiceSettings: async (
    appId: string,
    service: AppService,
    changes: Record<string, unknown>,
  ): Promise<Record<string, unknown>> =>
    (
      await api.patch(`/apps/${appId}/${service}/settings`, {
        body: changes,
        schema: serviceSettingsResponseSchema,
      })
    ).data,
};
