import type { AbilityName } from '../../../contracts/abilities.ts';
import {
  appServiceValues,
  serviceSettingsPatchSchemaOf,
  serviceSettingsSchemas,
  type AppOptionsValues,
  type AppService,
} from '../../../contracts/workspace.ts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/auth.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { toFieldErrors } from '../../platform/validation-errors.ts';
import { isAppManager, loadAppAccess, requireApp, type AppAccess } from '../workspace/access.ts';
import type { AppRow } from '../workspace/workspace.repo.ts';
import { servicesOf } from './apps.presenter.ts';
import * as repo from './apps.repo.ts';

type ServiceSettings = { data: Record<string, unknown>; permissions: { can: AbilityName<'service'>[] } };

function serviceOf(name: string): AppService {
  const service = appServiceValues.find((value) => value === name);
  if (!service) {
    throw notFound();
  }
  return service;
}

/** The stored settings of a service over its defaults; stored values a newer schema refuses fall back too. */
function settingsOf(row: AppRow, service: AppService): Record<string, unknown> {
  const schema = serviceSettingsSchemas[service];
  const parsed = schema.safeParse(row.serviceSettings[service] ?? {});
  return parsed.success ? parsed.data : schema.parse({});
}

const serviceCan = (access: AppAccess): AbilityName<'service'>[] =>
  access.can.includes('settings_app') ? ['view', 'edit'] : ['view'];

/** Which services an app offers (`/apps/{id}/options`) and each service's settings. */
export function createAppServicesService(deps: { db: Db }) {
  const { db } = deps;

  return {
    async options(actor: Actor, appId: string): Promise<AppOptionsValues> {
      const access = await loadAppAccess(db, actor, appId);
      requireApp(access, 'view');
      return { services: servicesOf(access.app.options) };
    },

    async updateOptions(
      actor: Actor,
      appId: string,
      input: { services: Partial<Record<AppService, boolean>> },
    ): Promise<AppOptionsValues> {
      const access = await loadAppAccess(db, actor, appId);
      requireApp(access, 'settings_app');
      const row = await repo.mergeAppServices(db, access.project.id, appId, input.services);
      if (!row) {
        throw notFound();
      }
      return { services: servicesOf(row.options) };
    },

    /** Spec §6: service settings load for admins, and for anyone who sees the app for the communities service. */
    async settings(actor: Actor, appId: string, name: string): Promise<ServiceSettings> {
      const service = serviceOf(name);
      const access = await loadAppAccess(db, actor, appId);
      const allowed = isAppManager(access) || (service === 'communities' && access.can.includes('view'));
      if (!allowed) {
        throw forbidden();
      }
      return { data: settingsOf(access.app, service), permissions: { can: serviceCan(access) } };
    },

    /** Merges the sent fields into the service's settings; unknown fields and bad values are 400. */
    async updateSettings(
      actor: Actor,
      appId: string,
      name: string,
      body: Record<string, unknown>,
    ): Promise<ServiceSettings> {
      const service = serviceOf(name);
      const access = await loadAppAccess(db, actor, appId);
      requireApp(access, 'settings_app');
      const parsed = serviceSettingsPatchSchemaOf(service).safeParse(body);
      if (!parsed.success) {
        throw badRequest(
          toFieldErrors(
            parsed.error.issues.map(({ code, path, message, ...params }) => ({
              keyword: code,
              instancePath: `/${path.join('/')}`,
              message,
              params,
            })),
            'body',
          ),
        );
      }
      const row = await repo.mergeServiceSettings(db, access.project.id, appId, service, parsed.data);
      if (!row) {
        throw notFound();
      }
      return { data: settingsOf(row, service), permissions: { can: serviceCan(access) } };
    },
  };
}

export type AppServicesService = ReturnType<typeof createAppServicesService>;
