import type { Db } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import type { RouteScope } from '../../platform/routes.ts';
import { loadMemberAreaAccess, paramOf, type AppAccess } from '../workspace/public.ts';
import { customFieldAbilities } from './custom-fields.policy.ts';
import { findFieldById, type CustomFieldRow } from './custom-fields.repo.ts';

export type CustomFieldScopeAccess = { app: AppAccess; field: CustomFieldRow };

/** The custom field of `:id` and the caller's access to its app's member area (404 when either is not visible). */
export function customFieldScope(db: Db): RouteScope<CustomFieldScopeAccess> {
  return {
    label: 'custom-field(:id)',
    subjects: ['custom_field'],
    async resolve(request) {
      const field = await findFieldById(db, paramOf(request, 'id'));
      if (!field) {
        throw notFound();
      }
      return { app: await loadMemberAreaAccess(db, request.actor, field.appId), field };
    },
    abilities: ({ app }) => customFieldAbilities(app).map((ability) => `custom_field:${ability}`),
  };
}
