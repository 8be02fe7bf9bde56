import { z } from 'zod';
import { abilitiesBySubject } from './abilities.ts';
import { pageSizes } from './constants.ts';
import { ticketStatusSchema, ticketStatusValues, type TicketStatus } from './enums.ts';
import { paginated } from './pagination.ts';
import { maxLength, maxNumber, minNumber, requiredString } from './validation/index.ts';

/*
 * Support tickets (issue 20, rows TICKETS-01..05, spec §3 "Ticket {id, status, chat}", RULE-41). A ticket is a
 * support chat (`chat.kind = 'support'`) between a member and the app's team, numbered per app, with a status
 * new → work → on_pause → completed and two clocks (first response, resolution) that stop while on_pause. The
 * rules: docs/decisions/tickets.md.
 */

export { ticketStatusValues, type TicketStatus };

export const ticketAbilityValues = abilitiesBySubject.ticket;
export type TicketAbility = (typeof ticketAbilityValues)[number];

/** Statuses that count against a member's open-tickets limit and run the clocks. */
export const openTicketStatuses = ['new', 'work', 'on_pause'] as const satisfies readonly TicketStatus[];

export const ticketLimits = {
  /** Tickets per page of every list (GAPS 33). */
  pageSize: pageSizes.default,
  subject: 200,
  /** The first message, before sanitizing (as a chat message). */
  body: 10_000,
  comment: 2_000,
  /** Targets in minutes: 0 switches the clock's warning off; at most 90 days. */
  targetMaxMinutes: 90 * 24 * 60,
  openTicketsMax: 100,
  /** The team is warned once when a clock reaches this share of its target. */
  warnAtShare: 0.8,
} as const;

// ---------- the ticket ----------

export const ticketPersonSchema = z.object({
  profileId: z.uuid(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
});
export type TicketPerson = z.infer<typeof ticketPersonSchema>;

/**
 * One clock at the time of the answer. `elapsedSeconds` counts only time in new or work; `remainingSeconds` is
 * null without a target (0 minutes), negative when it is overdue. `state`: running, paused (on_pause), stopped
 * (answered, completed).
 */
export const ticketClockSchema = z.object({
  targetMinutes: z.number().int().min(0),
  elapsedSeconds: z.number().int().min(0),
  remainingSeconds: z.number().int().nullable(),
  state: z.enum(['running', 'paused', 'stopped']),
  isOverdue: z.boolean(),
});
export type TicketClock = z.infer<typeof ticketClockSchema>;

export const ticketSchema = z.object({
  id: z.uuid(),
  /** Shown as "#12": counted per app. */
  number: z.number().int().min(1),
  appId: z.uuid(),
  appName: z.string(),
  /** The app's address on the app host (`/{appSlug}`). */
  appSlug: z.string(),
  projectId: z.uuid(),
  subject: z.string(),
  status: ticketStatusSchema,
  /** The support chat: its messages are the conversation (`GET /chats/{id}/messages`). */
  chatId: z.uuid(),
  requester: ticketPersonSchema,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  statusChangedAt: z.iso.datetime(),
  firstResponseAt: z.iso.datetime().nullable(),
  completedAt: z.iso.datetime().nullable(),
  clocks: z.object({ firstResponse: ticketClockSchema, resolution: ticketClockSchema }),
  /** The member's answer to the satisfaction question, once given. */
  satisfaction: z
    .object({ rating: z.number().int().min(1).max(5), comment: z.string().nullable() })
    .nullable(),
  /** Whether the requester is asked the satisfaction question now (completed, enabled, not yet answered). */
  isSatisfactionAsked: z.boolean(),
  /** Whether the caller's profile is in the support chat (the team enters it with `POST /tickets/{id}/join`). */
  isInChat: z.boolean(),
  permissions: z.object({ can: z.array(z.enum(ticketAbilityValues)) }),
});
export type Ticket = z.infer<typeof ticketSchema>;

/** ROUTE-51: the member's contact card beside the ticket, for the team only. */
export const ticketContactSchema = z.object({
  profileId: z.uuid(),
  name: z.string(),
  email: z.string(),
  avatarUrl: z.string().nullable(),
  memberSince: z.iso.datetime(),
  openTickets: z.number().int().min(0),
  totalTickets: z.number().int().min(0),
});
export type TicketContact = z.infer<typeof ticketContactSchema>;

export const ticketResponseSchema = z.object({ data: ticketSchema });
export const ticketDetailResponseSchema = z.object({
  data: ticketSchema.extend({ contact: ticketContactSchema.nullable() }),
});
export type TicketDetail = z.infer<typeof ticketDetailResponseSchema>['data'];
export const ticketListSchema = paginated(ticketSchema);
export type TicketList = z.infer<typeof ticketListSchema>;

// ---------- requests ----------

export const ticketParamsSchema = z.object({ id: z.uuid() });
export const ticketAppParamsSchema = z.object({ appId: z.uuid() });
export const ticketProjectParamsSchema = z.object({ id: z.uuid() });

export const ticketCreateBodySchema = z.strictObject({
  subject: requiredString()
    .check(maxLength(ticketLimits.subject))
    .transform((value) => value.trim()),
  /** Rich text (the chat's allow-list): the first message of the support chat. */
  body: requiredString().check(maxLength(ticketLimits.body)),
});
export type TicketCreateBody = z.output<typeof ticketCreateBodySchema>;

export const ticketListQuerySchema = z.object({
  status: ticketStatusSchema.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type TicketListQuery = z.output<typeof ticketListQuerySchema>;

export const ticketProjectListQuerySchema = ticketListQuerySchema.extend({ appId: z.uuid().optional() });
export type TicketProjectListQuery = z.output<typeof ticketProjectListQuerySchema>;

export const ticketStatusBodySchema = z.strictObject({ status: ticketStatusSchema });

export const ticketSatisfactionBodySchema = z.strictObject({
  rating: z.number().int().check(minNumber(1), maxNumber(5)),
  comment: z
    .string()
    .check(maxLength(ticketLimits.comment))
    .transform((value) => value.trim())
    .optional(),
});
export type TicketSatisfactionBody = z.output<typeof ticketSatisfactionBodySchema>;

// ---------- the support index and the settings ----------

export const ticketCountsSchema = z.object(
  Object.fromEntries(ticketStatusValues.map((status) => [status, z.number().int().min(0)])) as Record<
    TicketStatus,
    z.ZodNumber
  >,
);
export type TicketCounts = z.infer<typeof ticketCountsSchema>;

/** TICKETS-01 (route support): the project's apps with their tickets per status. */
export const ticketAppListSchema = z.object({
  data: z.array(
    z.object({
      appId: z.uuid(),
      name: z.string(),
      slug: z.string(),
      counts: ticketCountsSchema,
      /** new + work + on_pause. */
      open: z.number().int().min(0),
    }),
  ),
});
export type TicketAppList = z.infer<typeof ticketAppListSchema>;

const minutes = () => z.number().int().check(minNumber(0), maxNumber(ticketLimits.targetMaxMinutes));

export const ticketSettingsSchema = z.object({
  /** Open tickets (new, work, on_pause) one member may have at once. */
  openTicketsLimit: z.number().int().min(1).max(ticketLimits.openTicketsMax),
  firstResponseTargetMinutes: z.number().int().min(0),
  resolutionTargetMinutes: z.number().int().min(0),
  isSatisfactionEnabled: z.boolean(),
});
export type TicketSettings = z.infer<typeof ticketSettingsSchema>;

export const ticketSettingsDefaults: TicketSettings = {
  openTicketsLimit: 3,
  firstResponseTargetMinutes: 240,
  resolutionTargetMinutes: 2880,
  isSatisfactionEnabled: true,
};

export const ticketSettingsResponseSchema = z.object({ data: ticketSettingsSchema });

export const ticketSettingsPatchSchema = z.strictObject({
  openTicketsLimit: z.number().int().check(minNumber(1), maxNumber(ticketLimits.openTicketsMax)).optional(),
  firstResponseTargetMinutes: minutes().optional(),
  resolutionTargetMinutes: minutes().optional(),
  isSatisfactionEnabled: z.boolean().optional(),
});
export type TicketSettingsPatch = z.output<typeof ticketSettingsPatchSchema>;

/** TICKETS-02, read as the per-app limits and targets of the project's apps (docs/decisions/tickets.md). */
export const ticketLimitsListSchema = z.object({
  data: z.array(ticketSettingsSchema.extend({ appId: z.uuid(), name: z.string() })),
});

// ---------- realtime ----------

/**
 * Socket events (GAPS 6), in the support chat's room `chat:{chatId}` (the member and the team members in the
 * chat): `ticket:update` after a status change, a reopen, the first answer or the satisfaction answer. The
 * payload is the ticket's shared part; each side reads the ticket again for its own permissions and clocks.
 */
export const ticketEvents = { update: 'ticket:update' } as const;

export type TicketUpdatePayload = Pick<Ticket, 'id' | 'chatId' | 'appId' | 'status' | 'statusChangedAt'>;
