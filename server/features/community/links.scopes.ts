import type { AbilityName } from '../../../contracts/abilities.ts';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import type { RouteScope } from '../../platform/routes.ts';
import { loadAppAccess, paramOf, type AppAccess } from '../workspace/public.ts';
import { findLink, type LinkRow } from './links.repo.ts';

export type LinkAbility = AbilityName<'link'>;
export type LinkAccess = { app: AppAccess; link: LinkRow; can: LinkAbility[] };

/**
 * Links of the community's navigation (spec §6 App: view links, create link): whoever may view the app's
 * links sees one; whoever may create links changes and removes them.
 */
export function linkAbilities(app: AppAccess): LinkAbility[] {
  return app.can.includes('create_link') ? ['edit', 'delete'] : [];
}

const seesLinks = (app: AppAccess) => app.can.includes('view_links') || app.can.includes('create_link');

/** The link of `:id` and the caller's access to its app: 404 when either is not visible. */
export function linkScope(db: DbOrTx, param = 'id'): RouteScope<LinkAccess> {
  return {
    label: `link(:${param})`,
    subjects: ['link'],
    async resolve(request) {
      const link = await findLink(db, paramOf(request, param));
      if (!link) {
        throw notFound();
      }
      const app = await loadAppAccess(db, request.actor, link.appId);
      if (!seesLinks(app)) {
        throw notFound();
      }
      return { app, link, can: linkAbilities(app) };
    },
    abilities: ({ can }) => can.map((ability) => `link:${ability}`),
  };
}
