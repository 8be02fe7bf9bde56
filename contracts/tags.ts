import { z } from 'zod';
import { abilitiesBySubject } from './abilities.ts';
import { defaultMemberTagSchema } from './enums.ts';
import { paginated } from './pagination.ts';
import { maxLength, requiredString } from './validation/index.ts';

/*
 * Member tags of an app (settings/members/tags, spec rows TAGS-TEAM-WEATHER-01…04). Every app has the two
 * default tags `blocked` and `punished` (`kind` set); they cannot be renamed or deleted.
 */

export const tagLimits = { name: 50, pageSize: 20, dropdownPageSize: 15, idsPerQuery: 100 } as const;

export const tagPermissionsSchema = z.object({ can: z.array(z.enum(abilitiesBySubject.tag)) });

export const tagSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** `#rrggbb`, or '' for the client's neutral colour. */
  color: z.string(),
  /** The default tags; null for the app's own tags. */
  kind: defaultMemberTagSchema.nullable(),
  /** Live member profiles carrying the tag. */
  profilesCount: z.number().int().min(0),
  permissions: tagPermissionsSchema,
});
export type Tag = z.infer<typeof tagSchema>;
export const tagResponseSchema = z.object({ data: tagSchema });
export const tagListSchema = paginated(tagSchema);

/** `?ids=a,b`, `?ids=a&ids=b` or `?ids[]=a` → a list of ids (at most 100). */
export const idListQuery = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => (Array.isArray(value) ? value : value.split(',')).filter(Boolean))
  .pipe(z.array(z.uuid()).max(tagLimits.idsPerQuery));

/** `?names=VIP&names=Kurs A`: exact names, case-insensitive (names may hold commas, so only repeated keys). */
export const tagNameListQuery = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => (Array.isArray(value) ? value : [value]).map((name) => name.trim()).filter(Boolean))
  .pipe(z.array(z.string().max(tagLimits.name)).max(tagLimits.idsPerQuery));

/**
 * `GET /apps/{appId}/tags`: `filter[search]` matches names, `tagIds` picks tags (the dropdown's selection),
 * `names` finds tags by their exact names (the member import says which of a file's tags are new).
 */
export const tagListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(tagLimits.pageSize),
  'filter[search]': z.string().trim().max(100).optional(),
  tagIds: idListQuery.optional(),
  names: tagNameListQuery.optional(),
});

export const tagColorSchema = z.union([
  z.literal(''),
  z.string().regex(/^#[0-9a-fA-F]{6}$/, { message: 'validation.invalidValue' }),
]);
const tagName = requiredString()
  .check(maxLength(tagLimits.name))
  .transform((value) => value.trim());

export const tagCreateBodySchema = z.strictObject({ name: tagName, color: tagColorSchema.default('') });
export type TagCreateBody = z.output<typeof tagCreateBodySchema>;
export const tagPatchBodySchema = z.strictObject({
  name: tagName.optional(),
  color: tagColorSchema.optional(),
});
export type TagPatchBody = z.output<typeof tagPatchBodySchema>;
export const tagParamsSchema = z.object({ id: z.uuid() });
