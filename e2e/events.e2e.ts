import { expect as baseExpect, test, type Page } from '@playwright/test';
import type { Event } from '../contracts/events';
import { expectAccessible } from './support/axe';
import { keepScreenshot } from './support/cloud';
import { appHost, data, setUpCommunity, signedInPage } from './support/community';
import { visitorHeaders } from './support/identity';
import { mailbox } from './support/mailbox';

// Playwright reads a fixture's dependencies from the destructuring pattern, so it must be there, even empty.
// eslint-disable-next-line no-empty-pattern
test.use({ extraHTTPHeaders: async ({}, use, testInfo) => use(visitorHeaders(testInfo)) });

const expect = baseExpect.configure({ timeout: 20_000 });

/*
 * The weekly run starts a week before the October clock change of 2027 (31 October in Berlin): two dates in
 * summer time, four in winter time, every one at 19:00 on the Berlin clock.
 */
const first = '2027-10-19T19:00:00';
const cancelled = '2027-11-09T19:00:00';

/** Chooses an option of a Mantine select, typing `search` first when it is searchable. */
async function choose(page: Page, testId: string, search: string, option: string | RegExp) {
  await page.getByTestId(testId).click();
  if (search) {
    await page.getByTestId(testId).fill(search);
  }
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('an admin plans a weekly event across the clock change; a member joins, finds it in the month, and a cancelled date leaves her list and the feed she subscribed to', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(300_000);
  const project = testInfo.project.name;
  const c = await setUpCommunity(request, testInfo);
  const owner = { authorization: `Bearer ${c.owner.token}` };

  // The admin plans the weekly run in the editor.
  const admin = await signedInPage(browser, testInfo, c, c.owner, 192);
  await admin.goto(`${appHost}/${c.slug}/events`);
  await admin.getByTestId('event-create').click();
  await expect(admin.getByTestId('event-editor')).toBeVisible();
  await admin.getByTestId('event-editor-name').fill('Lauftreff am Dienstag');
  await admin.getByTestId('event-editor-description').getByRole('textbox').click();
  await admin.keyboard.type('Eine ruhige Runde durch den Stadtpark, für alle Tempi.');
  await admin.getByTestId('event-editor-date').fill('19.10.2027');
  await admin.getByTestId('event-editor-time').fill('19:00');
  await expect(admin.getByTestId('event-editor-date')).toHaveValue('19.10.2027');
  await choose(admin, 'timezone-select', 'Berlin', /^Europe\/Berlin /);
  await choose(admin, 'event-editor-duration', '1 Std. 30', '1 Std. 30 Min.');
  await choose(admin, 'event-recurrence-kind', '', 'Wöchentlich am Dienstag');
  await admin.getByTestId('event-recurrence-count').fill('6');
  await expect(admin.getByRole('radio', { name: 'Nach', exact: true })).toBeChecked();
  await expect(admin.getByTestId('event-recurrence-preview')).toContainText('Di 19.10. 19:00');
  await admin.getByTestId('event-editor-location-type').getByText('Vor Ort').click();
  await admin.getByTestId('event-editor-address').fill('Stadtpark, Eingang Nord');
  const seats = admin.getByTestId('event-editor-limit');
  await seats.getByRole('checkbox', { name: 'Unbegrenzt' }).setChecked(false);
  await seats.getByRole('textbox', { name: 'Plätze pro Termin' }).fill('12');
  // The picture shows the when: date, time, zone, length and the series' next dates.
  await admin
    .getByTestId('event-recurrence-kind')
    .evaluate((field) => field.scrollIntoView({ block: 'center' }));
  await keepScreenshot(admin, `events-editor-${project}`);
  await expectAccessible(admin, 'event editor');
  await admin.getByTestId('event-editor-save').click();
  await expect(admin.getByTestId('event-page')).toBeVisible();
  const slug = /\/events\/([^/?]+)\/view/.exec(admin.url())?.[1] ?? '';
  const event = await data<Event>(
    await request.get(`/api/apps/${c.appId}/events/by-slug/${slug}`, { headers: owner }),
  );
  expect(event).toMatchObject({
    name: 'Lauftreff am Dienstag',
    timeZone: 'Europe/Berlin',
    startsAtLocal: expect.stringMatching(/^2027-10-19T19:00/),
    durationInSeconds: 5400,
    recurringEventPattern: { frequency: 'weekly', count: 6 },
    eventType: 'person',
    inPersonLocation: 'Stadtpark, Eingang Nord',
    participantsNumberLimit: 12,
  });

  // Lena finds it among the upcoming events, each date at 19:00 in Berlin, before and after the change.
  const page = await signedInPage(browser, testInfo, c, c.lena, 191);
  if (project === 'desktop') {
    await page.getByRole('link', { name: 'Veranstaltungen' }).first().click();
  } else {
    await page.goto(`${appHost}/${c.slug}/events`);
  }
  await expect(page.getByTestId('events-list')).toBeVisible();
  const cards = page.getByTestId('event-card');
  await expect(cards).toHaveCount(6);
  await expect(page.getByTestId('event-create')).toHaveCount(0);
  for (const card of await cards.all()) {
    await expect(card).toContainText('19:00');
  }
  await keepScreenshot(page, `events-list-${project}`);
  await expectAccessible(page, 'events list');

  // She joins the first date; the confirmation brings the date as a calendar file.
  const mails = mailbox(c.lena.email);
  await cards.first().getByRole('link', { name: 'Lauftreff am Dienstag' }).click();
  await expect(page.getByTestId('event-page')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`occurrence=${first}`));
  await expect(page.getByTestId('event-recurrence')).toHaveText('Jeden Dienstag, 6 Termine');
  await expect(page.getByTestId('event-seats')).toHaveText('Noch 12 Plätze frei');
  await page.getByTestId('event-join').click();
  await expect(page.getByTestId('event-my-status')).toHaveText('Sie nehmen teil');
  const confirmation = await mails.nextMail();
  expect(confirmation.attachments ?? []).toEqual([expect.stringMatching(/\.ics$/)]);
  await keepScreenshot(page, `events-page-${project}`);
  await expectAccessible(page, 'event page after joining');
  await page.getByTestId('event-add-to-calendar').click();
  await expect(page.getByTestId('event-ics')).toBeVisible();
  await keepScreenshot(page, `events-add-to-calendar-${project}`);
  await page.keyboard.press('Escape');

  // November holds the four dates after the change.
  await page.goto(`${appHost}/${c.slug}/events?view=month&date=2027-11-01`);
  const month = page.getByTestId('events-month');
  await expect(page.getByTestId('calendar-label')).toHaveText('November 2027');
  if (project === 'desktop') {
    await expect(month.getByTestId('calendar-event')).toHaveCount(4);
  } else {
    await month.getByRole('button', { name: /9. November.*1 Veranstaltung/ }).click();
    await expect(page.getByTestId('calendar-day').getByTestId('event-card')).toHaveCount(1);
  }
  await keepScreenshot(page, `events-month-${project}`);
  await expectAccessible(page, 'events month');
  await page.getByRole('button', { name: 'Vorheriger Monat' }).click();
  await expect(page.getByTestId('calendar-label')).toHaveText('Oktober 2027');
  await page.goto(`${appHost}/${c.slug}/events?view=week&date=2027-10-19`);
  await expect(page.getByTestId('events-week').getByText('Lauftreff am Dienstag')).toBeVisible();
  await keepScreenshot(page, `events-week-${project}`);
  await expectAccessible(page, 'events week');

  // The admin cancels the date of 9 November only.
  await admin.goto(`${appHost}/${c.slug}/events/${event.slug}/view?occurrence=${cancelled}`);
  await expect(admin.getByTestId('event-page')).toBeVisible();
  await admin.getByTestId('event-delete').click();
  await expect(admin.getByTestId('event-delete-dialog')).toBeVisible();
  await admin.getByTestId('event-delete-this').check();
  await keepScreenshot(admin, `events-delete-${project}`);
  await expectAccessible(admin, 'delete dialog', { include: '[role="dialog"]' });
  await admin.getByTestId('event-delete-confirm').click();
  await expect(admin.getByTestId('events-page')).toBeVisible();
  // settings/events: the categories, who creates events, the editor's defaults.
  await admin.goto(`${appHost}/${c.slug}/settings/events`);
  await expect(admin.getByTestId('event-settings-form')).toBeVisible();
  await expectAccessible(admin, 'event settings');
  await admin.context().close();

  // Gone from Lena's list and from her calendar feed, which names the date as an exception.
  await page.goto(`${appHost}/${c.slug}/events`);
  await expect(cards).toHaveCount(5);
  await expect(page.getByRole('heading', { name: /9. November 2027/ })).toHaveCount(0);
  // She subscribes in her profile: the private link, a webcal:// address for her calendar app.
  await page.goto(`${appHost}/${c.slug}/profile`);
  await page.getByTestId('event-feed-create').click();
  const webcal = page.getByTestId('event-feed-link');
  await expect(webcal).toHaveValue(/^webcal:\/\/.+\.ics$/);
  await expectAccessible(page, 'calendar feed section', { include: '[data-testid="event-feed"]' });
  // The feed's address names the app's host; the server answers it on any of its hosts.
  const ics = await request.get(new URL((await webcal.inputValue()).replace(/^webcal:/, 'http:')).pathname);
  expect(ics.status()).toBe(200);
  const text = (await ics.text()).replace(/\r\n[ \t]/g, '');
  expect(text).toContain('Lauftreff am Dienstag');
  expect(text).toMatch(/EXDATE;TZID=Europe\/Berlin:20271109T190000/);
  await page.context().close();
});
