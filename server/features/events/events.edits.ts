import type { WaitlistMover } from './attendance.service.ts';
import type { Event, EventPatchBody } from '../../../contracts/events.ts';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { sanitizeRichText } from '../../platform/rich-text.ts';
import type { EventAccessOf } from './events.access.ts';
import { formValues, recurrenceBadRequest, seriesInputOf, type SeriesInput } from './events.form.ts';
import { occurrenceAt, seriesOfRow } from './events.occurrences.ts';
import * as repo from './events.repo.ts';
import { presentDetail, type EventDeps } from './events.service.ts';
import { withEventSlug } from './events.slugs.ts';
import { isOccurrence, splitSeries, type Series } from './recurrence.ts';
import { seriesBounds, type OccurrenceChanges, type OverrideRow } from './series.ts';
import { parseWallTime } from '../../platform/time-zone.ts';

/*
 * EVENTS-10 and 11: "this event" (an override or an EXDATE), "this and following" (splitSeries: the old row
 * keeps the past, a new event takes the rest with its attendees), "all" (the series in place; occurrences whose
 * clock time changed are re-keyed with their attendees, overrides the new rule no longer makes are dropped).
 * Every change raises SEQUENCE (repo.updateEvent). docs/decisions/events.md "Model, access and edits".
 */

const invalid = 'validation.invalidValue';
/** What one occurrence may change on its own (besides being cancelled). */
const perOccurrence = new Set([
  'name',
  'description',
  'eventType',
  'virtualLocationUrl',
  'inPersonLocation',
  'startsAt',
  'durationInSeconds',
  'isCancelled',
  'scope',
  'occurrence',
]);
const timeFields = ['startsAt', 'timeZone', 'durationInSeconds', 'recurringEventPattern'] as const;

type Overrides = OverrideRow[];

const toOverride = (override: Series<OccurrenceChanges>['overrides'][number]): OverrideRow => ({
  occurrence: override.originalStart,
  startsLocal: override.start ?? null,
  durationSeconds: override.durationSeconds ?? null,
  changes: override.changes ?? null,
});

function requireOccurrence(series: Series<OccurrenceChanges>, occurrence: string | undefined): string {
  if (occurrence === undefined || !isOccurrence(series, occurrence)) {
    throw badRequest({ occurrence: invalid });
  }
  return occurrence;
}

/**
 * The series' new time, with the occurrences that hold something (EXDATEs, overrides, attendees) re-keyed: an
 * occurrence keeps its date and takes the new clock time when the new rule makes it; others are dropped
 * (their attendees stay stored but no longer list).
 */
async function retime(
  tx: DbOrTx,
  row: repo.EventRow,
  time: SeriesInput,
  overrides: Overrides,
): Promise<{ exdates: string[]; overrides: Overrides; series: Series<OccurrenceChanges> }> {
  const clock = time.startsLocal.slice(10);
  const bare = seriesOfRow({ ...time, exdates: [] });
  const rekey = (id: string) => {
    const candidate = `${id.slice(0, 10)}${clock}`;
    return isOccurrence(bare, candidate) ? candidate : null;
  };
  const exdates = row.exdates.flatMap((id) => {
    const key = rekey(id);
    return key ? [key] : [];
  });
  const kept = overrides.flatMap((override) => {
    const key = rekey(override.occurrence);
    return key ? [{ ...override, occurrence: key }] : [];
  });
  const series = seriesOfRow({ ...time, exdates }, kept);
  const moves = (await repo.keptOccurrences(tx, row.id)).flatMap((from) => {
    const to = rekey(from);
    const occurrence = to === null ? null : occurrenceAt(series, to);
    return to === null || occurrence === null ? [] : [{ from, to, startsAt: occurrence.startsAt }];
  });
  await repo.deleteOverrides(
    tx,
    row.id,
    overrides.map((override) => override.occurrence),
  );
  await repo.rekeyOccurrences(tx, row.id, moves);
  for (const override of kept) {
    await repo.upsertOverride(tx, row.id, override);
  }
  return { exdates, overrides: kept, series };
}

/** A new limit that leaves more seats than the old one (null: no limit). */
const raisesLimit = (before: number | null, after: number | null | undefined) =>
  after !== undefined && before !== null && (after === null || after > before);

export function createEventEdits(deps: EventDeps & { waitlists: Pick<WaitlistMover, 'moveUp'> }) {
  const { db, imageOrigins } = deps;

  /** The form's values and the series' new time (null: unchanged), checked before anything is written. */
  async function checked(access: EventAccessOf, input: EventPatchBody, row: repo.EventRow) {
    const errors: Record<string, string> = {};
    const changesTime = timeFields.some((field) => input[field] !== undefined);
    let time: SeriesInput | null = null;
    try {
      time = changesTime ? seriesInputOf(input, row, errors) : null;
    } catch (error) {
      recurrenceBadRequest(error);
    }
    const form = await formValues(db, input, { app: access.app, imageOrigins, current: row }, errors);
    if (changesTime && time === null) {
      throw badRequest(errors);
    }
    return { form, time };
  }

  /** Writes the whole-series edit to `row` (the event itself, or the new event of a split). */
  async function applyAll(
    tx: DbOrTx,
    row: repo.EventRow,
    overrides: Overrides,
    edit: Awaited<ReturnType<typeof checked>>,
    slug?: string,
  ) {
    const retimed = edit.time ? await retime(tx, row, edit.time, overrides) : null;
    const series = retimed?.series ?? seriesOfRow(row, overrides);
    await repo.updateEvent(tx, row.id, {
      ...edit.form.values,
      ...(edit.time ?? {}),
      ...(retimed ? { exdates: retimed.exdates } : {}),
      ...(slug ? { slug } : {}),
      ...seriesBounds(series),
    });
    if (edit.form.hostIds) {
      await repo.setHosts(tx, row.id, edit.form.hostIds);
    }
    if (edit.form.attachmentIds) {
      await repo.setAttachments(tx, row.id, edit.form.attachmentIds);
    }
  }

  /** "This event": cancel or restore it, or change it on its own (moved, longer, other name or place). */
  async function editOne(access: EventAccessOf, input: EventPatchBody, series: Series<OccurrenceChanges>) {
    const { event } = access;
    const occurrence = requireOccurrence(series, input.occurrence);
    const errors: Record<string, string> = {};
    for (const [field, value] of Object.entries(input)) {
      if (value !== undefined && !perOccurrence.has(field)) {
        errors[field] = invalid;
      }
    }
    if (input.startsAt !== undefined && parseWallTime(input.startsAt) === null) {
      errors.startsAt = invalid;
    }
    if (Object.keys(errors).length > 0) {
      throw badRequest(errors);
    }
    const current = series.overrides.find((item) => item.originalStart === occurrence);
    const changes: OccurrenceChanges = { ...(current?.changes ?? {}) };
    for (const field of ['name', 'eventType', 'virtualLocationUrl', 'inPersonLocation'] as const) {
      if (input[field] !== undefined) {
        Object.assign(changes, { [field]: input[field] });
      }
    }
    if (input.description !== undefined) {
      changes.description = sanitizeRichText(input.description, { field: 'description', imageOrigins });
    }
    const override: OverrideRow = {
      occurrence,
      startsLocal: input.startsAt ? `${input.startsAt}:00`.slice(0, 19) : (current?.start ?? null),
      durationSeconds: input.durationInSeconds ?? current?.durationSeconds ?? null,
      changes: Object.keys(changes).length > 0 ? changes : null,
    };
    const exdates = new Set(series.exdates);
    if (input.isCancelled === true) {
      exdates.add(occurrence);
    } else if (input.isCancelled === false) {
      exdates.delete(occurrence);
    }
    const overrides = [
      ...series.overrides.filter((item) => item.originalStart !== occurrence).map(toOverride),
    ];
    const hasOverride =
      override.startsLocal !== null || override.durationSeconds !== null || override.changes;
    if (hasOverride) {
      overrides.push(override);
    }
    const next = seriesOfRow({ ...event, exdates: [...exdates] }, overrides);
    await db.transaction(async (tx) => {
      if (hasOverride) {
        await repo.upsertOverride(tx, event.id, override);
      }
      await repo.updateEvent(tx, event.id, { exdates: [...exdates], ...seriesBounds(next) });
      const moved = occurrenceAt(next, occurrence);
      if (moved && override.startsLocal !== null) {
        await repo.setAttendeesStart(tx, event.id, occurrence, moved.startsAt);
      }
    });
    return presentDetail(deps, access, event.id, occurrence);
  }

  /** "This and following": the old row keeps the past; a new event (new id, slug) takes the rest and the edit. */
  async function editFollowing(
    access: EventAccessOf,
    input: EventPatchBody,
    series: Series<OccurrenceChanges>,
  ) {
    const { event } = access;
    const occurrence = requireOccurrence(series, input.occurrence);
    const { before, after } = splitSeries(series, occurrence);
    const edit = await checked(access, input, { ...event, startsLocal: after.start, rrule: after.rule });
    if (before === null) {
      return editAll(access, input, edit);
    }
    const id = newId();
    await withEventSlug(
      db,
      { appId: event.appId, chosen: input.slug, name: input.name ?? event.name },
      (slug) =>
        db.transaction(async (tx) => {
          await repo.updateEvent(tx, event.id, {
            rrule: before.rule,
            exdates: before.exdates,
            ...seriesBounds(before),
          });
          const { createdAt: _created, updatedAt: _updated, ...copied } = event;
          const row: repo.EventRow = {
            ...copied,
            id,
            slug,
            startsLocal: after.start,
            rrule: after.rule,
            exdates: after.exdates,
            ...seriesBounds(after),
            sequence: 0,
            commentsCount: 0,
            createdAt: new Date(),
            updatedAt: new Date(),
          };
          await repo.insertEvent(tx, row);
          await repo.copyHostsAndAttachments(tx, event.id, id);
          await repo.moveOccurrencesFrom(tx, event.id, id, occurrence);
          await applyAll(tx, row, after.overrides.map(toOverride), edit);
        }),
    );
    if (raisesLimit(event.participantsLimit, input.participantsNumberLimit)) {
      await moveWaitlistsUp(access, id);
    }
    return presentDetail(deps, access, id);
  }

  async function editAll(
    access: EventAccessOf,
    input: EventPatchBody,
    known?: Awaited<ReturnType<typeof checked>>,
  ) {
    const { event } = access;
    const edit = known ?? (await checked(access, input, event));
    const overrides = (await repo.overridesOf(db, [event.id])).get(event.id) ?? [];
    const write = (slug?: string) => db.transaction((tx) => applyAll(tx, event, overrides, edit, slug));
    if (input.slug !== undefined && input.slug !== event.slug) {
      await withEventSlug(
        db,
        { appId: event.appId, chosen: input.slug, name: event.name, exceptId: event.id },
        write,
      );
    } else {
      await write();
    }
    if (raisesLimit(event.participantsLimit, input.participantsNumberLimit)) {
      await moveWaitlistsUp(access, event.id);
    }
    return presentDetail(deps, access, event.id);
  }

  /** More seats (or no limit): the waitlists move up into them, told as when someone leaves. */
  async function moveWaitlistsUp(access: EventAccessOf, eventId: string) {
    const row = await repo.findEvent(db, eventId);
    if (row === undefined) {
      return;
    }
    const { app } = access.app;
    const afterCommit = await db.transaction((tx) =>
      deps.waitlists.moveUp(
        tx,
        { id: app.id, name: app.name, slug: app.slug, projectId: app.projectId },
        row,
      ),
    );
    await afterCommit();
  }

  return {
    /** `PATCH /events/{id}` (EVENTS-10): `scope` this | following | all with `occurrence`. */
    async update(access: EventAccessOf, input: EventPatchBody): Promise<Event> {
      const { event } = access;
      const series = seriesOfRow(event, (await repo.overridesOf(db, [event.id])).get(event.id));
      if (input.scope === 'this' && (event.rrule !== null || input.isCancelled !== undefined)) {
        return editOne(access, input, series);
      }
      if (input.isCancelled !== undefined) {
        throw badRequest({ isCancelled: invalid });
      }
      if (input.scope === 'following' && event.rrule !== null) {
        return editFollowing(access, input, series);
      }
      return editAll(access, input);
    },

    /** `DELETE /events/{id}` (EVENTS-11): all → soft delete; this → EXDATE; following → UNTIL before it. */
    async remove(access: EventAccessOf, query: { scope: 'this' | 'following' | 'all'; occurrence?: string }) {
      const { event } = access;
      const series = seriesOfRow(event, (await repo.overridesOf(db, [event.id])).get(event.id));
      if (query.scope === 'all' || (event.rrule === null && query.scope === 'following')) {
        await repo.updateEvent(db, event.id, { deletedAt: new Date() });
        return;
      }
      const occurrence = requireOccurrence(series, query.occurrence);
      if (query.scope === 'this') {
        const exdates = [...new Set([...series.exdates, occurrence])];
        await repo.updateEvent(db, event.id, { exdates, ...seriesBounds({ ...series, exdates }) });
        return;
      }
      const { before, after } = splitSeries(series, occurrence);
      await db.transaction(async (tx) => {
        if (before === null) {
          await repo.updateEvent(tx, event.id, { deletedAt: new Date() });
          return;
        }
        await repo.deleteOverrides(
          tx,
          event.id,
          after.overrides.map((override) => override.originalStart),
        );
        await repo.updateEvent(tx, event.id, {
          rrule: before.rule,
          exdates: before.exdates,
          ...seriesBounds(before),
        });
      });
    },
  };
}

export type EventEdits = ReturnType<typeof createEventEdits>;
