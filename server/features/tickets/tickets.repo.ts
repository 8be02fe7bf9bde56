import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { openTicketStatuses, type TicketSettings, type TicketStatus } from '../../../contracts/tickets.ts';
import type { DbOrTx } from '../../db/client.ts';
import { tickets, ticketSettings, ticketStatusChanges } from '../../db/schema/index.ts';
import type { StatusChange } from './tickets.clocks.ts';

/*
 * Tickets (issue 20): plain SQL, tenant key first, no rules. The team's lists read one index each
 * (`tickets_project_list_idx`, `tickets_app_list_idx`: tenant, status, most recently active first).
 */

export type TicketRow = typeof tickets.$inferSelect;
export type TicketSettingsRow = typeof ticketSettings.$inferSelect;

async function rows<Row>(db: DbOrTx, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Row[] }).rows;
}

const dateOrNull = (value: Date | string | null) => (value === null ? null : new Date(value));

// ---------- settings ----------

export const settingsOfRow = (row: TicketSettingsRow | undefined): TicketSettings => ({
  openTicketsLimit: row?.openTicketsLimit ?? 3,
  firstResponseTargetMinutes: row?.firstResponseTargetMinutes ?? 240,
  resolutionTargetMinutes: row?.resolutionTargetMinutes ?? 2880,
  isSatisfactionEnabled: row?.isSatisfactionEnabled ?? true,
});

export async function findSettings(db: DbOrTx, appId: string): Promise<TicketSettingsRow | undefined> {
  const [row] = await db.select().from(ticketSettings).where(eq(ticketSettings.appId, appId));
  return row;
}

/** The app's settings row, made with the defaults when missing, locked until the transaction ends. */
export async function lockSettings(tx: DbOrTx, appId: string): Promise<TicketSettingsRow> {
  await tx.insert(ticketSettings).values({ appId }).onConflictDoNothing();
  const [row] = await tx.select().from(ticketSettings).where(eq(ticketSettings.appId, appId)).for('update');
  return row!;
}

export async function updateSettings(
  tx: DbOrTx,
  appId: string,
  values: Partial<Omit<typeof ticketSettings.$inferInsert, 'appId'>>,
): Promise<void> {
  await tx
    .update(ticketSettings)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(ticketSettings.appId, appId));
}

/** The project's live apps with their settings (defaults where none are stored), by name. */
export async function settingsOfProject(
  db: DbOrTx,
  projectId: string,
): Promise<{ appId: string; name: string; settings: TicketSettingsRow | undefined }[]> {
  const found = await db.execute(sql`select a.id as "appId", a.name, s.*
    from apps a left join ticket_settings s on s.app_id = a.id
    where a.project_id = ${projectId} and not a.is_archive order by a.name, a.id`);
  return (
    found as {
      rows: {
        appId: string;
        name: string;
        open_tickets_limit: number | null;
        first_response_target_minutes: number | null;
        resolution_target_minutes: number | null;
        is_satisfaction_enabled: boolean | null;
      }[];
    }
  ).rows.map((row) => ({
    appId: row.appId,
    name: row.name,
    settings:
      row.open_tickets_limit === null
        ? undefined
        : ({
            openTicketsLimit: row.open_tickets_limit,
            firstResponseTargetMinutes: Number(row.first_response_target_minutes),
            resolutionTargetMinutes: Number(row.resolution_target_minutes),
            isSatisfactionEnabled: Boolean(row.is_satisfaction_enabled),
          } as TicketSettingsRow),
  }));
}

// ---------- tickets ----------

export async function countOpenTicketsOf(db: DbOrTx, profileId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(tickets)
    .where(and(eq(tickets.requesterProfileId, profileId), inArray(tickets.status, [...openTicketStatuses])));
  return Number(row?.total ?? 0);
}

export async function insertTicket(tx: DbOrTx, values: typeof tickets.$inferInsert): Promise<void> {
  await tx.insert(tickets).values(values);
}

export async function insertStatusChange(
  tx: DbOrTx,
  values: typeof ticketStatusChanges.$inferInsert,
): Promise<void> {
  await tx.insert(ticketStatusChanges).values(values);
}

export async function findTicket(db: DbOrTx, id: string): Promise<TicketRow | undefined> {
  const [row] = await db.select().from(tickets).where(eq(tickets.id, id));
  return row;
}

export async function findTicketByChat(db: DbOrTx, chatId: string): Promise<TicketRow | undefined> {
  const [row] = await db.select().from(tickets).where(eq(tickets.chatId, chatId));
  return row;
}

/** The ticket, locked until the transaction ends (status changes and replies take turns). */
export async function lockTicket(tx: DbOrTx, id: string): Promise<TicketRow | undefined> {
  const [row] = await tx.select().from(tickets).where(eq(tickets.id, id)).for('update');
  return row;
}

export async function updateTicket(
  tx: DbOrTx,
  id: string,
  values: Partial<typeof tickets.$inferInsert>,
): Promise<void> {
  await tx.update(tickets).set(values).where(eq(tickets.id, id));
}

/** Status changes of some tickets, oldest first, by ticket. */
export async function statusChangesOf(
  db: DbOrTx,
  ticketIds: readonly string[],
): Promise<Map<string, StatusChange[]>> {
  const byTicket = new Map<string, StatusChange[]>(ticketIds.map((id) => [id, []]));
  if (ticketIds.length === 0) {
    return byTicket;
  }
  const found = await db
    .select({
      ticketId: ticketStatusChanges.ticketId,
      toStatus: ticketStatusChanges.toStatus,
      at: ticketStatusChanges.createdAt,
    })
    .from(ticketStatusChanges)
    .where(inArray(ticketStatusChanges.ticketId, [...ticketIds]))
    .orderBy(ticketStatusChanges.ticketId, ticketStatusChanges.createdAt, ticketStatusChanges.id);
  for (const row of found) {
    byTicket.get(row.ticketId)?.push({ toStatus: row.toStatus, at: new Date(row.at) });
  }
  return byTicket;
}

// ---------- views (a ticket with its app, requester and targets) ----------

export type TicketView = TicketRow & {
  appName: string;
  appSlug: string;
  requesterFirstName: string;
  requesterLastName: string;
  requesterAvatarId: string | null;
  targets: { firstResponseMinutes: number; resolutionMinutes: number };
  isSatisfactionEnabled: boolean;
};

type TicketViewRow = {
  id: string;
  project_id: string;
  app_id: string;
  number: number;
  chat_id: string;
  requester_profile_id: string;
  subject: string;
  status: TicketStatus;
  status_changed_at: Date | string;
  first_response_at: Date | string | null;
  completed_at: Date | string | null;
  paused_since: Date | string | null;
  paused_seconds: number;
  first_response_warned_at: Date | string | null;
  resolution_warned_at: Date | string | null;
  last_member_message_at: Date | string | null;
  last_team_message_at: Date | string | null;
  satisfaction_rating: number | null;
  satisfaction_comment: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  app_name: string;
  app_slug: string;
  first_name: string;
  last_name: string;
  avatar_id: string | null;
  fr_target: number | null;
  res_target: number | null;
  satisfaction_enabled: boolean | null;
  total?: number | string;
};

const viewSelect = sql`select t.*, a.name as app_name, a.slug as app_slug, acc.first_name, acc.last_name, p.avatar_id,
    s.first_response_target_minutes as fr_target, s.resolution_target_minutes as res_target,
    s.is_satisfaction_enabled as satisfaction_enabled`;
const viewJoins = sql`join apps a on a.id = t.app_id
    join profiles p on p.id = t.requester_profile_id
    join accounts acc on acc.id = p.account_id
    left join ticket_settings s on s.app_id = t.app_id`;

function toView(row: TicketViewRow): TicketView {
  return {
    id: row.id,
    projectId: row.project_id,
    appId: row.app_id,
    number: Number(row.number),
    chatId: row.chat_id,
    requesterProfileId: row.requester_profile_id,
    subject: row.subject,
    status: row.status,
    statusChangedAt: new Date(row.status_changed_at),
    firstResponseAt: dateOrNull(row.first_response_at),
    completedAt: dateOrNull(row.completed_at),
    pausedSince: dateOrNull(row.paused_since),
    pausedSeconds: Number(row.paused_seconds),
    firstResponseWarnedAt: dateOrNull(row.first_response_warned_at),
    resolutionWarnedAt: dateOrNull(row.resolution_warned_at),
    lastMemberMessageAt: dateOrNull(row.last_member_message_at),
    lastTeamMessageAt: dateOrNull(row.last_team_message_at),
    satisfactionRating: row.satisfaction_rating === null ? null : Number(row.satisfaction_rating),
    satisfactionComment: row.satisfaction_comment,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
    appName: row.app_name,
    appSlug: row.app_slug,
    requesterFirstName: row.first_name,
    requesterLastName: row.last_name,
    requesterAvatarId: row.avatar_id,
    targets: {
      firstResponseMinutes: row.fr_target === null ? 240 : Number(row.fr_target),
      resolutionMinutes: row.res_target === null ? 2880 : Number(row.res_target),
    },
    isSatisfactionEnabled: row.satisfaction_enabled ?? true,
  };
}

export async function ticketViewOf(db: DbOrTx, id: string): Promise<TicketView | undefined> {
  const [row] = await rows<TicketViewRow>(
    db,
    sql`${viewSelect} from tickets t ${viewJoins} where t.id = ${id}`,
  );
  return row ? toView(row) : undefined;
}

/** Which tickets a list holds: a project's, an app's, or one member's; optionally one status. */
export type TicketFilter =
  | { kind: 'project'; projectId: string; appId?: string; status?: TicketStatus }
  | { kind: 'app'; appId: string; status?: TicketStatus }
  | { kind: 'requester'; profileId: string; status?: TicketStatus };

function whereOf(filter: TicketFilter): SQL {
  const status = filter.status ? sql` and t.status = ${filter.status}` : sql``;
  switch (filter.kind) {
    case 'project':
      return filter.appId
        ? sql`t.app_id = ${filter.appId} and t.project_id = ${filter.projectId}${status}`
        : sql`t.project_id = ${filter.projectId}${status}`;
    case 'app':
      return sql`t.app_id = ${filter.appId}${status}`;
    case 'requester':
      return sql`t.requester_profile_id = ${filter.profileId}${status}`;
  }
}

/**
 * A page of tickets, most recently active first, with the filter's total: one statement. The page is taken
 * from the list index first and only its rows are joined to their app, requester and settings.
 */
export async function listTicketViews(
  db: DbOrTx,
  filter: TicketFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: TicketView[]; total: number }> {
  const found = await rows<TicketViewRow>(
    db,
    sql`with page as (
        select t.id, count(*) over () as total from tickets t where ${whereOf(filter)}
        order by t.updated_at desc, t.id desc limit ${page.limit} offset ${page.offset}
      )
      ${viewSelect}, page.total from page join tickets t on t.id = page.id ${viewJoins}
      order by t.updated_at desc, t.id desc`,
  );
  if (found.length === 0 && page.offset > 0) {
    const [count] = await rows<{ total: number | string }>(
      db,
      sql`select count(*) as total from tickets t where ${whereOf(filter)}`,
    );
    return { rows: [], total: Number(count?.total ?? 0) };
  }
  return { rows: found.map(toView), total: Number(found[0]?.total ?? 0) };
}

/** The project's live apps with their tickets per status (apps without tickets too). */
export async function ticketCountsOfProject(
  db: DbOrTx,
  projectId: string,
): Promise<{ appId: string; name: string; slug: string; status: TicketStatus | null; count: number }[]> {
  const found = await rows<{
    app_id: string;
    name: string;
    slug: string;
    status: TicketStatus | null;
    count: number | string;
  }>(
    db,
    sql`select a.id as app_id, a.name, a.slug, c.status, coalesce(c.count, 0) as count
      from apps a left join (
        select t.app_id, t.status, count(*) as count from tickets t where t.project_id = ${projectId}
        group by t.app_id, t.status
      ) c on c.app_id = a.id
      where a.project_id = ${projectId} and not a.is_archive
      order by a.name, a.id`,
  );
  return found.map((row) => ({
    appId: row.app_id,
    name: row.name,
    slug: row.slug,
    status: row.status,
    count: Number(row.count),
  }));
}

// ---------- people ----------

/** ROUTE-51: the requester's contact data and their tickets in the app. */
export async function contactOf(
  db: DbOrTx,
  profileId: string,
): Promise<
  | {
      profileId: string;
      firstName: string;
      lastName: string;
      email: string;
      avatarId: string | null;
      createdAt: Date;
      openTickets: number;
      totalTickets: number;
    }
  | undefined
> {
  const [row] = await rows<{
    id: string;
    first_name: string;
    last_name: string;
    email: string;
    avatar_id: string | null;
    created_at: Date | string;
    open: number | string;
    total: number | string;
  }>(
    db,
    sql`select p.id, acc.first_name, acc.last_name, acc.email, p.avatar_id, p.created_at,
        (select count(*) from tickets t where t.requester_profile_id = p.id
          and t.status in ('new', 'work', 'on_pause')) as open,
        (select count(*) from tickets t where t.requester_profile_id = p.id) as total
      from profiles p join accounts acc on acc.id = p.account_id where p.id = ${profileId}`,
  );
  return row
    ? {
        profileId: row.id,
        firstName: row.first_name,
        lastName: row.last_name,
        email: row.email,
        avatarId: row.avatar_id,
        createdAt: new Date(row.created_at),
        openTickets: Number(row.open),
        totalTickets: Number(row.total),
      }
    : undefined;
}

/** The account's live profile in the app, if any. */
export async function liveProfileIdOf(
  db: DbOrTx,
  appId: string,
  accountId: string,
): Promise<string | undefined> {
  const [row] = await rows<{ id: string }>(
    db,
    sql`select id from profiles where app_id = ${appId} and account_id = ${accountId} and deleted_at is null`,
  );
  return row?.id;
}

export async function accountIdOfProfile(db: DbOrTx, profileId: string): Promise<string | undefined> {
  const [row] = await rows<{ account_id: string }>(
    db,
    sql`select account_id from profiles where id = ${profileId}`,
  );
  return row?.account_id;
}

/** The chat's sequence (a newcomer starts with everything read). */
export async function chatSeqOf(db: DbOrTx, chatId: string): Promise<number> {
  const [row] = await rows<{ last_seq: number | string }>(
    db,
    sql`select last_seq from chats where id = ${chatId}`,
  );
  return Number(row?.last_seq ?? 0);
}

/** Who of the app's team hears of a clock's warning: the project's owner and active app-managing team. */
export async function teamRecipientsOf(
  db: DbOrTx,
  projectId: string,
): Promise<{ email: string; language: 'de' | 'en' }[]> {
  return rows<{ email: string; language: 'de' | 'en' }>(
    db,
    sql`select acc.email, acc.language from projects pr join accounts acc on acc.id = pr.owner_account_id
        where pr.id = ${projectId}
      union
      select acc.email, acc.language from team_members tm join projects pr on pr.id = tm.project_id
        join accounts acc on acc.id = tm.account_id
        where tm.project_id = ${projectId} and tm.status = 'active'
          and coalesce((pr.team_settings ->> 'canManageApps')::boolean, true)`,
  );
}

/** Open tickets whose clocks may have reached the warning share and have not warned yet (a cheap bound). */
export async function warningCandidates(db: DbOrTx, share: number, now: Date): Promise<string[]> {
  const found = await rows<{ id: string }>(
    db,
    sql`select t.id from tickets t left join ticket_settings s on s.app_id = t.app_id
      where t.status in ('new', 'work') and (
        (t.first_response_at is null and t.first_response_warned_at is null
          and coalesce(s.first_response_target_minutes, 240) > 0
          and t.created_at <= ${now.toISOString()}::timestamptz - make_interval(secs => coalesce(s.first_response_target_minutes, 240) * 60 * ${share}::float8))
        or (t.resolution_warned_at is null and coalesce(s.resolution_target_minutes, 2880) > 0
          and t.created_at <= ${now.toISOString()}::timestamptz - make_interval(secs => coalesce(s.resolution_target_minutes, 2880) * 60 * ${share}::float8)))
      limit 500`,
  );
  return found.map((row) => row.id);
}
