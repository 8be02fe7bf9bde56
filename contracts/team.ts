import { z } from 'zod';
import { abilitiesBySubject } from './abilities.ts';
import { teamMemberStatusSchema } from './enums.ts';
import { paginated } from './pagination.ts';
import { email } from './validation/index.ts';
import { permissionsOf, teamSettingsSchema } from './projects.ts';

/*
 * The project team (spec §7 "Tags, team, weather": settings/team) and the invitations a person receives to
 * join a team. The owner manages the team; active members gain what the team settings allow.
 */

export const teamMemberPermissionsSchema = permissionsOf(abilitiesBySubject.team_member);

/** One person on the team; names come from the account once the address has one. */
export const teamMemberSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  status: teamMemberStatusSchema,
  createdAt: z.iso.datetime(),
  permissions: teamMemberPermissionsSchema,
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** The project's owner: not a team row (cannot be removed, holds no seat), shown above the team. */
export const teamOwnerSchema = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});

export const teamMemberListSchema = paginated(teamMemberSchema).extend({ owner: teamOwnerSchema });
export type TeamMemberList = z.infer<typeof teamMemberListSchema>;
export const teamMemberResponseSchema = z.object({ data: teamMemberSchema });

export const teamListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const teamProjectParamsSchema = z.object({ projectId: z.uuid() });
export const teamMemberParamsSchema = z.object({ teamMemberId: z.uuid() });

/** `POST /projects/{id}/teams`: invite an address to the team. */
export const teamMemberCreateBodySchema = z.strictObject({
  email: email().transform((value) => value.trim().toLowerCase()),
});
export type TeamMemberCreateBody = z.output<typeof teamMemberCreateBodySchema>;

/** `PATCH /teams/{id}`: the owner pauses (inactive) or resumes (active) an accepted member. */
export const teamMemberPatchBodySchema = z.strictObject({
  status: z.enum(['active', 'inactive']),
});
export type TeamMemberPatchBody = z.output<typeof teamMemberPatchBodySchema>;

/** `GET/PATCH /projects/{id}/teams/settings`: every setting, stored or default. */
export const teamSettingsResponseSchema = z.object({ data: teamSettingsSchema });
export const teamSettingsPatchBodySchema = z.strictObject(teamSettingsSchema.partial().shape);
export type TeamSettingsPatchBody = z.output<typeof teamSettingsPatchBodySchema>;

/** A pending team invitation of the signed-in person (`GET /teams/invitations`), shown on the projects list. */
export const teamInvitationSchema = z.object({
  id: z.uuid(),
  projectId: z.uuid(),
  projectName: z.string(),
  /** Who invited; empty names when the inviter's account is gone. */
  invitedBy: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
  createdAt: z.iso.datetime(),
});
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;
export const teamInvitationListSchema = paginated(teamInvitationSchema);

/** `POST /teams/{id}/accept`: the project the caller now works in. */
export const teamInvitationAcceptedSchema = z.object({
  data: z.object({ id: z.uuid(), projectId: z.uuid() }),
});
