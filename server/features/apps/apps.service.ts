import { errorCodes } from '../../../contracts/errors.ts';
import type { Language } from '../../../contracts/language.ts';
import type { Paginated } from '../../../contracts/pagination.ts';
import { slugify } from '../../../contracts/slug.ts';
import { reservedAppSlugs, type App, type appPatchBodySchema } from '../../../contracts/workspace.ts';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { paginate } from '../../platform/pagination.ts';
import { isTimezone } from '../account/public.ts';
import { pictureFieldErrors, pictureUrl } from '../cloud/public.ts';
import { findLiveAccountById } from '../auth/public.ts';
import { ensureContact } from '../contacts/public.ts';
import { assertWithinQuota } from '../projects/public.ts';
import {
  accessToApp,
  insertProfile,
  requireApp,
  type AppAccess,
  type AppRow,
  type ProjectAccess,
} from '../workspace/public.ts';
import { presentApp, type AppPresentation } from './apps.presenter.ts';
import * as repo from './apps.repo.ts';
import type { AppProjectAccess } from './apps.scopes.ts';

export const appsPageSize = 20;
export const appsDropdownPageSize = 15;

type AppPatch = z.output<typeof appPatchBodySchema>;

/** The names of the two default tags every app starts with (their `kind` is what the product relies on). */
const defaultTagNames: Record<Language, { blocked: string; punished: string }> = {
  de: { blocked: 'Gesperrt', punished: 'Bestraft' },
  en: { blocked: 'Blocked', punished: 'Punished' },
};

const slugTaken = () => new AppError(409, errorCodes.slugTaken, { errors: { slug: 'validation.slugTaken' } });
const isReserved = (slug: string) => (reservedAppSlugs as readonly string[]).includes(slug);

/** A slug for an app created without one: its name, transliterated, made long enough and not reserved. */
export function slugBaseOf(name: string): string {
  let base = slugify(name).slice(0, 40).replace(/-+$/, '');
  if (base.length < 3) {
    base = base ? `app-${base}` : 'app';
  }
  return isReserved(base) ? `${base}-app` : base;
}

/** `base`, else `base-2`, `base-3` … whichever is not taken. */
export function nextFreeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) {
    return base;
  }
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) {
      return candidate;
    }
  }
}

/** Apps of a project on the service host: list, dropdown, create, read, settings, archive and restore. */
export function createAppsService(deps: { db: Db; host: AppPresentation }) {
  const { db, host } = deps;
  const present = (row: AppRow, access: AppAccess) => presentApp(row, access, host);

  /** Inserts the app under the given slug (409 if taken) or under the first free slug derived from its name. */
  async function insertWithSlug(
    tx: DbOrTx,
    values: Omit<Parameters<typeof repo.insertAppIfSlugFree>[1], 'slug'>,
    explicitSlug: string | undefined,
  ): Promise<AppRow> {
    if (explicitSlug !== undefined) {
      const row = await repo.insertAppIfSlugFree(tx, { ...values, slug: explicitSlug });
      if (!row) {
        throw slugTaken();
      }
      return row;
    }
    const base = slugBaseOf(values.name);
    const taken = new Set(await repo.findSlugsLike(tx, base));
    // Another project may take the chosen slug between the read and the insert; then try the next one.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const slug = nextFreeSlug(base, taken);
      const row = await repo.insertAppIfSlugFree(tx, { ...values, slug });
      if (row) {
        return row;
      }
      taken.add(slug);
    }
    throw slugTaken();
  }

  /** Archiving and restoring: the route's scope has checked the project ability `apps` (the tariff counts apps). */
  async function setArchived({ app: access }: AppProjectAccess, isArchive: boolean): Promise<App> {
    const appId = access.app.id;
    if (access.app.isArchive === isArchive) {
      return present(access.app, access);
    }
    const row = await db.transaction(async (tx) => {
      if (!isArchive) {
        await repo.lockProject(tx, access.project.id);
        await assertWithinQuota(tx, access.project.id, 'apps', 1);
      }
      return repo.updateApp(tx, access.project.id, appId, { isArchive });
    });
    if (!row) {
      throw notFound();
    }
    return present(row, access);
  }

  return {
    async list(
      projectAccess: ProjectAccess,
      query: { page: number; isArchive: boolean },
    ): Promise<Paginated<App>> {
      const page = { page: query.page, limit: appsPageSize };
      const { rows, total } = await repo.listAppsOfProject(
        db,
        projectAccess.project.id,
        { isArchive: query.isArchive },
        page,
      );
      const data: App[] = [];
      for (const row of rows) {
        const access = await accessToApp(
          db,
          { app: row, project: projectAccess.project },
          projectAccess.accountId,
        );
        data.push(present(row, access));
      }
      return paginate(data, total, page);
    },

    async dropdown(
      projectAccess: ProjectAccess,
      query: { page: number; search?: string; ids?: string[] },
    ): Promise<Paginated<{ id: string; name: string }>> {
      const page = { page: query.page, limit: appsDropdownPageSize };
      const { rows, total } = await repo.dropdownAppsOfProject(db, projectAccess.project.id, query, page);
      return paginate(rows, total, page);
    },

    /**
     * A new app in the project: counted against the tariff, with the default tags and the creator as its
     * owner (an admin profile with the owner flag) and a contact of the project.
     */
    async create(
      projectAccess: ProjectAccess,
      input: { name: string; slug?: string; language: Language },
    ): Promise<App> {
      if (projectAccess.project.isArchive) {
        throw conflict();
      }
      if (input.slug !== undefined && isReserved(input.slug)) {
        throw badRequest({ slug: 'validation.slugReserved' });
      }
      const { accountId, project } = projectAccess;
      const projectId = project.id;
      return db.transaction(async (tx) => {
        const email = (await findLiveAccountById(tx, accountId))?.email;
        if (!email) {
          throw notFound();
        }
        await repo.lockProject(tx, projectId);
        await assertWithinQuota(tx, projectId, 'apps', 1);
        const app = await insertWithSlug(
          tx,
          { id: newId(), projectId, name: input.name.trim(), language: input.language },
          input.slug,
        );
        await repo.insertDefaultTags(tx, app, defaultTagNames[input.language]);
        await insertProfile(tx, {
          id: newId(),
          projectId,
          appId: app.id,
          accountId,
          type: 'admin',
          // The owner flag stays with the project's owner; a team member who creates an app administers it.
          isOwner: projectAccess.isOwner,
        });
        await ensureContact(tx, {
          projectId,
          email,
          accountId,
          source: projectAccess.isOwner ? 'owner' : 'team',
        });
        return present(app, await accessToApp(tx, { app, project }, accountId));
      });
    },

    /** One app; its managers also see it while it is archived (the route's scope includes archived apps). */
    get(access: AppAccess): App {
      return present(access.app, access);
    },

    /** The general settings (settings/general); the theme and the menu layout need the theme editor's ability. */
    async update(access: AppAccess, input: AppPatch): Promise<App> {
      const appId = access.app.id;
      if (input.theme !== undefined || input.desktopMenuLayout !== undefined) {
        requireApp(access, 'settings_theme');
      }
      const errors: Record<string, string> = {};
      if (input.timezone !== undefined && !isTimezone(input.timezone)) {
        errors.timezone = 'validation.invalidValue';
      }
      // Own domains and access plans do not exist yet: nothing but "none" can be valid.
      if (input.domainId !== undefined && input.domainId !== null) {
        errors.domainId = 'validation.invalidValue';
      }
      if (input.signupPlanIds !== undefined && input.signupPlanIds.length > 0) {
        errors.signupPlanIds = 'validation.invalidValue';
      }
      if (input.slug !== undefined && isReserved(input.slug)) {
        errors.slug = 'validation.slugReserved';
      }
      // The icon and logos are pictures of the project's library (cropped through the picker).
      const { appIconId, logoId, logoWhiteThemeId } = input;
      Object.assign(
        errors,
        await pictureFieldErrors(db, access.project.id, { appIconId, logoId, logoWhiteThemeId }),
      );
      if (Object.keys(errors).length > 0) {
        throw badRequest(errors);
      }
      const { theme, name, ...rest } = input;
      const slugChanges = input.slug !== undefined && input.slug !== access.app.slug;
      if (slugChanges && (await repo.isSlugTaken(db, input.slug!, appId))) {
        throw slugTaken();
      }
      let row: AppRow | undefined;
      try {
        row = await repo.updateApp(db, access.project.id, appId, {
          ...rest,
          ...(name !== undefined ? { name: name.trim() } : {}),
          ...(theme !== undefined ? { theme: { ...access.app.theme, ...theme } } : {}),
        });
      } catch (error) {
        // Another app took the slug between the check and the update.
        if (slugChanges && repo.isUniqueViolation(error)) {
          throw slugTaken();
        }
        throw error;
      }
      if (!row) {
        throw notFound();
      }
      return present(row, access);
    },

    /**
     * The app's logo (else its icon) for places that cannot sign their own addresses and keep a link for
     * long, such as mails: a signed address of the picture as uploaded. 404 without one, or when archived.
     */
    async logoAddress(appId: string): Promise<string> {
      const brand = await repo.findAppBrand(db, appId);
      const fileId = brand && !brand.archived ? (brand.logoId ?? brand.appIconId) : null;
      const address = pictureUrl(host.sign, fileId, 'original');
      if (!address) {
        throw notFound();
      }
      return address;
    },

    archive: (access: AppProjectAccess) => setArchived(access, true),
    restore: (access: AppProjectAccess) => setArchived(access, false),
  };
}

export type AppsService = ReturnType<typeof createAppsService>;
