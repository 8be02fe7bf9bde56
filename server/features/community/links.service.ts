import type { CommunityLink, LinkCreateBody, LinkPatchBody } from '../../../contracts/community-spaces.ts';
import type { Paginated } from '../../../contracts/pagination.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { AppAccess } from '../workspace/public.ts';
import { presentLink } from './links.presenter.ts';
import * as repo from './links.repo.ts';
import { linkAbilities, type LinkAccess } from './links.scopes.ts';
import { moveAfter } from './spaces.positions.ts';

/** Links of the community's navigation (COMMUNITIES-08…10, the list and the order inferred). */
export function createLinkService(deps: { db: Db }) {
  const { db } = deps;

  return {
    /** `GET /apps/{appId}/community/links` (inferred): every link of the app, in order (one page). */
    async list(app: AppAccess): Promise<Paginated<CommunityLink>> {
      const can = linkAbilities(app);
      const rows = await repo.listLinks(db, app.app.id);
      return {
        data: rows.map((row) => presentLink(row, can)),
        meta: { page: 1, pages: rows.length > 0 ? 1 : 0, total: rows.length },
      };
    },

    /** `POST /apps/{appId}/community/links`: added last. */
    async create(app: AppAccess, body: LinkCreateBody): Promise<CommunityLink> {
      const row = await db.transaction(async (tx) => {
        await repo.lockAppLinks(tx, app.app.id);
        const links = await repo.listLinks(tx, app.app.id);
        return repo.insertLink(tx, {
          id: newId(),
          appId: app.app.id,
          ...body,
          position: (links.at(-1)?.position ?? 0) + 1,
        });
      });
      return presentLink(row, linkAbilities(app));
    },

    async update({ link, can }: LinkAccess, body: LinkPatchBody): Promise<CommunityLink> {
      const row = await repo.updateLink(db, link.id, body);
      if (!row) {
        throw notFound();
      }
      return presentLink(row, can);
    },

    async remove({ link }: LinkAccess): Promise<void> {
      if (!(await repo.deleteLink(db, link.id))) {
        throw notFound();
      }
    },

    /** `PATCH /links/{id}/move` (inferred): right after `prevId` (null: first). */
    async move({ link, can }: LinkAccess, prevId: string | null): Promise<CommunityLink> {
      const position = await db.transaction(async (tx) => {
        await repo.lockAppLinks(tx, link.appId);
        return moveAfter(await repo.listLinks(tx, link.appId), link.id, prevId, async (id, next) => {
          await repo.updateLink(tx, id, { position: next });
        });
      });
      return presentLink({ ...link, position }, can);
    },
  };
}
