import { errorCodes } from '../../../contracts/errors.ts';
import {
  isBuiltAppService,
  serviceSettingsPatchSchemaOf,
  serviceSettingsSchemas,
  type AppOptionsValues,
  type AppService,
} from '../../../contracts/workspace.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { toFieldErrors } from '../../platform/validation-errors.ts';
import type { AppAccess, AppRow } from '../workspace/public.ts';
import { serviceAbilities, type ServiceAbility } from './app-services.policy.ts';
import type { ServiceScopeAccess } from './apps.scopes.ts';
import { servicesOf } from './apps.presenter.ts';
import * as repo from './apps.repo.ts';

type ServiceSettings = { data: Record<string, unknown>; permissions: { can: ServiceAbility[] } };

/** Checks a service's settings against the app's data before they are stored (ids it names): throws 400. */
export type ServiceSettingsCheck = (
  db: DbOrTx,
  appId: string,
  values: Record<string, unknown>,
) => Promise<void>;

const settingsChecks = new Map<AppService, ServiceSettingsCheck>();

/**
 * A feature that owns a service's data checks its settings here (the gamification: the rewards' excluded tags
 * and groups), so the apps feature stores them without knowing that feature.
 */
export function registerServiceSettingsCheck(service: AppService, check: ServiceSettingsCheck): void {
  settingsChecks.set(service, check);
}

/** The stored settings of a service over its defaults; stored values a newer schema refuses fall back too. */
function settingsOf(row: AppRow, service: AppService): Record<string, unknown> {
  const schema = serviceSettingsSchemas[service];
  const parsed = schema.safeParse(row.serviceSettings[service] ?? {});
  return parsed.success ? parsed.data : schema.parse({});
}

/**
 * Which services an app offers (`/apps/{id}/options`) and each service's settings. The routes' scopes have
 * resolved the app (and the service) and checked the declared ability.
 */
export function createAppServicesService(deps: { db: Db }) {
  const { db } = deps;

  return {
    options(access: AppAccess): AppOptionsValues {
      return { services: servicesOf(access.app.options) };
    },

    async updateOptions(
      access: AppAccess,
      input: { services: Partial<Record<AppService, boolean>> },
    ): Promise<AppOptionsValues> {
      // A service without screens cannot be switched: on it would promise a menu entry that leads nowhere.
      const unbuilt = (Object.keys(input.services) as AppService[]).filter(
        (service) => !isBuiltAppService(service),
      );
      if (unbuilt.length > 0) {
        throw new AppError(400, errorCodes.featureNotAvailable, {
          errors: Object.fromEntries(
            unbuilt.map((service) => [`services.${service}`, 'validation.invalidValue']),
          ),
        });
      }
      const row = await repo.mergeAppServices(db, access.project.id, access.app.id, input.services);
      if (!row) {
        throw notFound();
      }
      return { services: servicesOf(row.options) };
    },

    settings({ app, service }: ServiceScopeAccess): ServiceSettings {
      return { data: settingsOf(app.app, service), permissions: { can: serviceAbilities(app, service) } };
    },

    /** Merges the sent fields into the service's settings; unknown fields and bad values are 400. */
    async updateSettings(
      { app, service }: ServiceScopeAccess,
      body: Record<string, unknown>,
    ): Promise<ServiceSettings> {
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
      await settingsChecks.get(service)?.(db, app.app.id, parsed.data);
      const row = await repo.mergeServiceSettings(db, app.project.id, app.app.id, service, parsed.data);
      if (!row) {
        throw notFound();
      }
      return { data: settingsOf(row, service), permissions: { can: serviceAbilities(app, service) } };
    },
  };
}

export type AppServicesService = ReturnType<typeof createAppServicesService>;
