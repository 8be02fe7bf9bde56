import { z } from 'zod';
import { abilitiesBySubject } from './abilities.ts';
import { paginated } from './pagination.ts';
import { idListQuery } from './tags.ts';
import { maxLength, requiredString } from './validation/index.ts';

/*
 * Invite links of an app (settings/members/invite-links, spec rows PLAYLISTS-INVITATIONS-02…05): a
 * shareable `/{appSlug}/auth/join/{token}` through which anyone can join with the link's member type and
 * tags. Joining runs the invitation flow of contracts/invitation.ts.
 */

export const invitationLinkLimits = {
  name: 100,
  tags: 50,
  plans: 50,
  maxUses: 1_000_000,
  pageSize: 20,
} as const;

/** Whom a link lets in: members or moderators (admins are made by hand). */
export const invitationLinkMemberTypeValues = ['member', 'moderator'] as const;
export const invitationLinkMemberTypeSchema = z.enum(invitationLinkMemberTypeValues);

export const invitationLinkPermissionsSchema = z.object({
  can: z.array(z.enum(abilitiesBySubject.invitation)),
});

export const invitationLinkSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The join address to share: `{protocol}://{publicDomain}/{appSlug}/auth/join/{token}`. */
  url: z.string(),
  memberType: invitationLinkMemberTypeSchema,
  tagIds: z.array(z.uuid()),
  planIds: z.array(z.uuid()),
  /** null = unlimited. */
  maxUses: z.number().int().nullable(),
  usesCount: z.number().int().min(0),
  expiresAt: z.iso.datetime().nullable(),
  isActive: z.boolean(),
  createdAt: z.iso.datetime(),
  permissions: invitationLinkPermissionsSchema,
});
export type InvitationLink = z.infer<typeof invitationLinkSchema>;
export const invitationLinkResponseSchema = z.object({ data: invitationLinkSchema });
export const invitationLinkListSchema = paginated(invitationLinkSchema);

/** `GET /apps/{appId}/invitations`: newest first; `invitationIds` picks links (the lock screen's dropdown). */
export const invitationLinkListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(invitationLinkLimits.pageSize),
  invitationIds: idListQuery.optional(),
});

const linkFields = {
  name: requiredString()
    .check(maxLength(invitationLinkLimits.name))
    .transform((value) => value.trim()),
  memberType: invitationLinkMemberTypeSchema,
  /** Tags of the app (not the default ones) every person joining gets. */
  tagIds: z.array(z.uuid()).check(maxLength(invitationLinkLimits.tags)),
  /** Access plans the person gets; the server refuses any until access plans exist. */
  planIds: z.array(z.uuid()).check(maxLength(invitationLinkLimits.plans)),
  maxUses: z.number().int().min(1).max(invitationLinkLimits.maxUses).nullable(),
  /** Must lie in the future when set. */
  expiresAt: z.iso.datetime({ offset: true }).nullable(),
  isActive: z.boolean(),
};

export const invitationLinkCreateBodySchema = z.strictObject({
  name: linkFields.name,
  memberType: linkFields.memberType.default('member'),
  tagIds: linkFields.tagIds.default([]),
  planIds: linkFields.planIds.default([]),
  maxUses: linkFields.maxUses.default(null),
  expiresAt: linkFields.expiresAt.default(null),
  isActive: linkFields.isActive.default(true),
});
export type InvitationLinkCreateBody = z.output<typeof invitationLinkCreateBodySchema>;

export const invitationLinkPatchBodySchema = z.strictObject({
  name: linkFields.name.optional(),
  memberType: linkFields.memberType.optional(),
  tagIds: linkFields.tagIds.optional(),
  planIds: linkFields.planIds.optional(),
  maxUses: linkFields.maxUses.optional(),
  expiresAt: linkFields.expiresAt.optional(),
  isActive: linkFields.isActive.optional(),
});
export type InvitationLinkPatchBody = z.output<typeof invitationLinkPatchBodySchema>;

export const invitationLinkParamsSchema = z.object({ id: z.uuid() });
