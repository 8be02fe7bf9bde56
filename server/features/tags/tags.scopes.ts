import type { Db } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import type { RouteScope } from '../../platform/routes.ts';
import { loadMemberAreaAccess, type AppAccess, paramOf } from '../workspace/public.ts';
import { tagAbilities } from './tags.policy.ts';
import { findTagById, type TagRow } from './tags.repo.ts';

export type TagScopeAccess = { app: AppAccess; tag: TagRow };

/** The tag of `:id` and the caller's access to its app's member area (404 when either is not visible). */
export function tagScope(db: Db): RouteScope<TagScopeAccess> {
  return {
    label: 'tag(:id)',
    subjects: ['tag'],
    async resolve(request) {
      const tag = await findTagById(db, paramOf(request, 'id'));
      if (!tag) {
        throw notFound();
      }
      return { app: await loadMemberAreaAccess(db, request.actor, tag.appId), tag };
    },
    abilities: ({ app }) => tagAbilities(app).map((ability) => `tag:${ability}`),
  };
}
