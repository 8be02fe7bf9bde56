import { newId } from '../../platform/ids.ts';
import { insertEventRow } from '../../test/event-rows.ts';
import type { TenantFixturePart } from '../../test/route-table.ts';

/**
 * The route-table tenant's event (the `:id` of `/events/:id`, its slug the page's): a weekly series of the
 * member's with them as host, members-only, so no other tenant and no guest may ever see its name or text.
 */
export const tenantFixture: TenantFixturePart = async ({ db, app, memberProfile }) => {
  const slug = `termin-a-${newId().slice(-8)}`;
  const event = await insertEventRow(db, {
    appId: app.id,
    authorProfileId: memberProfile.id,
    name: 'Geheimer Termin A',
    slug,
    descriptionHtml: '<p>Termin nur für Mandant A</p>',
    descriptionText: 'Termin nur für Mandant A',
    startsLocal: '2030-03-04T19:00:00',
    rrule: 'FREQ=WEEKLY',
    access: 'auth',
  });
  return {
    ids: { eventId: event.id, eventSlug: slug },
    secrets: ['Geheimer Termin A', 'Termin nur für Mandant A'],
  };
};
