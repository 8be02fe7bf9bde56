import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  devices,
  expect as baseExpect,
  test,
  type APIRequestContext,
  type Browser,
  type Page,
  type TestInfo,
} from '@playwright/test';
import type { CourseDetail } from '../contracts/courses-lessons';
import type { LessonActionBody } from '../contracts/courses-progress';
import { expectAccessible } from './support/axe';
import { keepScreenshot, tile, uploadFile, type Owner } from './support/cloud';
import {
  appHost,
  data,
  setUpCommunity,
  signedInPage,
  type Community,
  type Person,
} from './support/community';
import { signInWithPassword, visitorHeaders } from './support/identity';

// Playwright reads a fixture's dependencies from the destructuring pattern, so it must be there, even empty.
// eslint-disable-next-line no-empty-pattern
test.use({ extraHTTPHeaders: async ({}, use, testInfo) => use(visitorHeaders(testInfo)) });

const expect = baseExpect.configure({ timeout: 20_000 });

const courseName = 'Yoga für den Rücken';
const firstLesson = 'Ankommen und atmen';
const secondLesson = 'Die Wirbelsäule mobilisieren';

/** A real 4-second clip (a test picture, no sound), made by ffmpeg as the server's media tests make theirs. */
function clipBytes(): Buffer {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'courses-clip-'));
  try {
    const clip = path.join(folder, 'clip.mp4');
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=4:size=640x360:rate=25'],
      ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', clip],
    ]);
    return readFileSync(clip);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Puts the clip into the owner's library (as the upload in the browser does) and waits for its conversion. */
async function libraryVideo(request: APIRequestContext, c: Community, name: string): Promise<string> {
  const headers = { authorization: `Bearer ${c.owner.token}` };
  const { projectId } = await data<{ projectId: string }>(
    await request.get(`/api/apps/${c.appId}`, { headers }),
  );
  const listing = await request.get(`/api/projects/${projectId}/cloud/folders/content?type=my`, { headers });
  expect(listing.status()).toBe(200);
  const rootId = ((await listing.json()) as { meta: { rootId: string } }).meta.rootId;
  const owner: Owner = { email: c.owner.email, headers, projectId, rootId };
  const file = await uploadFile(request, owner, name, clipBytes(), 'video/mp4');
  // The library converts videos in a job (poster, thumbnails, H.264); the picker offers it once that is done.
  await expect
    .poll(
      async () =>
        (await data<{ status: string | null }>(await request.get(`/api/files/${file.id}`, { headers })))
          .status,
      { timeout: 60_000 },
    )
    .toBeNull();
  return projectId;
}

/** The same member on a phone: a browser of its own (390 × 844), signed in again from another address. */
async function phonePage(browser: Browser, testInfo: TestInfo, c: Community, who: Person): Promise<Page> {
  const { userAgent, deviceScaleFactor, isMobile, hasTouch } = devices['Pixel 7'];
  const address = visitorHeaders(testInfo)['X-Forwarded-For']?.replace(/\.\d+$/, '.193') ?? '10.0.0.1';
  const context = await browser.newContext({
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
    viewport: { width: 390, height: 844 },
    extraHTTPHeaders: { 'X-Forwarded-For': address },
  });
  const page = await context.newPage();
  await page.goto(`${appHost}/${c.slug}/auth`);
  await signInWithPassword(page, who.email);
  await expect(page).toHaveURL(new RegExp(`/${c.slug}$`));
  return page;
}

/** Chooses an option of a Mantine select. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Adds a lesson to the module named `module` and lands in its editor. */
async function addLesson(page: Page, module: string, name: string) {
  await page.getByTestId('course-module').filter({ hasText: module }).getByTestId('lesson-add').click();
  const dialog = page.getByRole('dialog', { name: `Neue Lektion in „${module}“` });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('button', { name: 'Erstellen und bearbeiten' }).click();
  await expect(page.getByTestId('lesson-editor')).toBeVisible();
  await expect(page.getByTestId('lesson-editor-name')).toHaveValue(name);
}

/** A row's text holds this name (the row also shows its number and tools). */
const containing = (name: string) => new RegExp(name);

const lockedRow = (page: Page) =>
  page.getByTestId('lesson-row').filter({ hasText: secondLesson }).getByTestId('lesson-state');

test(
  'an admin builds a course of two modules from a library video with a 1-day drip; a member watches half of it on the desktop, resumes on the phone and finds the next module locked with its date',
  // Desktop and phone are both walked here, in one story: the phone project would only repeat it.
  { tag: '@desktop-only' },
  async ({ browser, request }, testInfo) => {
    test.setTimeout(300_000);
    const c = await setUpCommunity(request, testInfo);
    const projectId = await libraryVideo(request, c, 'atemuebung.mp4');

    // The admin creates the course in the catalogue: a published course whose content opens bit by bit.
    const admin = await signedInPage(browser, testInfo, c, c.owner, 192);
    await admin.goto(`${appHost}/${c.slug}/courses`);
    await expect(admin.getByTestId('courses-empty')).toBeVisible();
    await expectAccessible(admin, 'catalogue, empty');
    await admin.getByTestId('course-create').click();
    const form = admin.getByTestId('course-form');
    await form.getByRole('textbox', { name: 'Name' }).fill(courseName);
    await choose(admin, 'Art', 'Kurs');
    await form
      .getByRole('textbox', { name: 'Kurzbeschreibung' })
      .fill('Zehn Minuten am Tag für einen freien Rücken.');
    await form.getByRole('switch', { name: 'Veröffentlicht' }).check();
    await form.getByRole('switch', { name: 'Inhalte nach und nach freigeben' }).check();
    await expectAccessible(admin, 'course form', { include: '[role="dialog"]' });
    await form.getByTestId('course-form-save').click();
    await expect(admin.getByTestId('course-page')).toBeVisible();
    await expect(admin.getByRole('heading', { level: 1, name: courseName })).toBeVisible();
    await expect(admin.getByTestId('course-no-modules')).toBeVisible();

    // Two modules, a lesson in each.
    for (const [index, name] of ['Woche 1: Grundlagen', 'Woche 2: Vertiefen'].entries()) {
      await admin.getByTestId('module-add').click();
      const dialog = admin.getByTestId('module-form');
      await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
      await dialog.getByRole('button', { name: 'Speichern' }).click();
      await expect(admin.getByTestId('course-module')).toHaveCount(index + 1);
    }
    await addLesson(admin, 'Woche 1: Grundlagen', firstLesson);
    await expectAccessible(admin, 'lesson editor');
    await keepScreenshot(admin, 'courses-editor-desktop');

    // The first lesson plays the library's video, picked in the cloud picker.
    await admin.getByRole('button', { name: 'Videos aus den Dateien' }).click();
    const picker = admin.getByTestId('picker-popup');
    await expect(picker).toBeVisible();
    await tile(picker, 'atemuebung.mp4').click();
    await picker.getByTestId('picker-apply').click();
    await expect(picker).toHaveCount(0);
    await expect(admin.getByTestId('lesson-editor').getByText('atemuebung.mp4')).toBeVisible();
    await admin.getByTestId('lesson-editor-save').click();
    await expect(admin.getByTestId('lesson-page')).toBeVisible();
    await expect(admin.getByTestId('lesson-video')).toBeVisible();

    await admin.getByRole('link', { name: courseName, exact: true }).click();
    await addLesson(admin, 'Woche 2: Vertiefen', secondLesson);
    await admin.getByTestId('lesson-editor-save').click();
    await expect(admin.getByRole('heading', { level: 1, name: secondLesson })).toBeVisible();

    // The second module opens a day after the member's access began.
    await admin.getByRole('link', { name: courseName, exact: true }).click();
    await admin.getByRole('button', { name: 'Bearbeiten: Woche 2: Vertiefen' }).click();
    const moduleForm = admin.getByTestId('module-form');
    await moduleForm.getByText('Nach Tagen').click();
    await moduleForm.getByRole('textbox', { name: 'Tage nach Beginn des Zugangs' }).fill('1');
    await expectAccessible(admin, 'module settings', { include: '[role="dialog"]' });
    await moduleForm.getByRole('button', { name: 'Speichern' }).click();
    await expect(moduleForm).toHaveCount(0);
    await expect(admin.getByTestId('course-module').filter({ hasText: 'Woche 2: Vertiefen' })).toContainText(
      'Öffnet 1 Tag nach Beginn',
    );
    await expectAccessible(admin, 'course page, managed');

    // Modules go into order by their drag handle, by keyboard and by pointer; a lesson goes to another module
    // from its menu and back.
    const moduleNames = admin.getByTestId('course-module').getByRole('heading', { level: 3 });
    await admin.getByRole('button', { name: '„Woche 2: Vertiefen“ verschieben' }).focus();
    await admin.keyboard.press('Space');
    await expect(admin.getByText('„Woche 2: Vertiefen“ ist jetzt an Position 2.')).toBeAttached();
    await admin.keyboard.press('ArrowUp');
    await expect(admin.getByText('„Woche 2: Vertiefen“ ist jetzt an Position 1.')).toBeAttached();
    await admin.keyboard.press('Space');
    await expect(moduleNames).toHaveText(['Woche 2: Vertiefen', 'Woche 1: Grundlagen']);
    await expect(admin.getByRole('button', { name: '„Woche 2: Vertiefen“ verschieben' })).toBeFocused();
    await admin.reload();
    await expect(moduleNames).toHaveText(['Woche 2: Vertiefen', 'Woche 1: Grundlagen']);
    // Back by pointer: the first week's handle dragged above the second week.
    const handleBox = await admin
      .getByRole('button', { name: '„Woche 1: Grundlagen“ verschieben' })
      .boundingBox();
    const topBox = await admin.getByTestId('course-module').first().boundingBox();
    await admin.mouse.move(handleBox!.x + 10, handleBox!.y + 10);
    await admin.mouse.down();
    await admin.mouse.move(handleBox!.x + 10, topBox!.y + 10, { steps: 12 });
    await admin.mouse.up();
    await expect(moduleNames).toHaveText(['Woche 1: Grundlagen', 'Woche 2: Vertiefen']);
    // The second week's lesson dragged by pointer to the top of the first week, and back by keyboard: down past
    // the first week's end.
    const weekRows = (module: string) =>
      admin.getByTestId('course-module').filter({ hasText: module }).getByTestId('lesson-row');
    const lessonHandle = admin.getByRole('button', { name: `„${secondLesson}“ verschieben` });
    const lessonBox = await lessonHandle.boundingBox();
    const targetBox = await weekRows('Woche 1: Grundlagen').first().boundingBox();
    await admin.mouse.move(lessonBox!.x + 10, lessonBox!.y + 10);
    await admin.mouse.down();
    await admin.mouse.move(lessonBox!.x + 10, targetBox!.y + 5, { steps: 15 });
    await admin.mouse.up();
    await expect(weekRows('Woche 1: Grundlagen')).toHaveText([secondLesson, firstLesson].map(containing));
    await admin.reload();
    await expect(weekRows('Woche 1: Grundlagen')).toHaveText([secondLesson, firstLesson].map(containing));
    const said = (where: string) => admin.getByText(`„${secondLesson}“ ist jetzt in ${where}.`);
    await lessonHandle.focus();
    await admin.keyboard.press('Space');
    await expect(said('„Woche 1: Grundlagen“ an Position 1')).toBeAttached();
    await admin.keyboard.press('ArrowDown');
    await expect(said('„Woche 1: Grundlagen“ an Position 2')).toBeAttached();
    await admin.keyboard.press('ArrowDown');
    await expect(said('„Woche 2: Vertiefen“ an Position 1')).toBeAttached();
    await admin.keyboard.press('Space');
    await expect(weekRows('Woche 2: Vertiefen')).toHaveText([containing(secondLesson)]);
    await expect(lessonHandle).toBeFocused();
    await admin.reload();
    await expect(weekRows('Woche 2: Vertiefen')).toHaveText([containing(secondLesson)]);
    await keepScreenshot(admin, 'courses-modules-desktop');

    // The editor on a phone's width too.
    await admin.setViewportSize({ width: 390, height: 844 });
    await keepScreenshot(admin, 'courses-modules-phone');
    await admin.getByRole('link', { name: `Bearbeiten: ${firstLesson}` }).click();
    await expect(admin.getByTestId('lesson-editor')).toBeVisible();
    await expectAccessible(admin, 'lesson editor (phone)');
    await keepScreenshot(admin, 'courses-editor-phone');
    await admin.context().close();

    // Lena finds the course, starts it and watches half of the video.
    const page = await signedInPage(browser, testInfo, c, c.lena, 191);
    await page.goto(`${appHost}/${c.slug}/courses`);
    const card = page.getByTestId('course-card').filter({ hasText: courseName });
    await expect(card).toBeVisible();
    await keepScreenshot(page, 'courses-catalogue-desktop');
    await expectAccessible(page, 'catalogue');
    await card.getByRole('link', { name: courseName, exact: true }).click();
    await expect(page.getByTestId('course-page')).toBeVisible();
    await expect(page.getByTestId('course-continue')).toHaveText('Starten');
    await page.getByTestId('course-continue').click();
    await expect(page.getByRole('heading', { level: 1, name: firstLesson })).toBeVisible();
    const video = page.getByTestId('lesson-video');
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState))
      .toBeGreaterThan(0);
    const lessonUrl = page.url();
    const saved = page.waitForResponse(
      (answer) =>
        answer.request().method() === 'PATCH' &&
        /\/api\/lessons\/[^/]+\/action$/.test(answer.url()) &&
        (answer.request().postDataJSON() as LessonActionBody).action === 'continue',
    );
    // Played, moved to the middle, paused: the pause saves the place.
    const half = await video.evaluate(async (element: HTMLVideoElement) => {
      element.muted = true;
      await element.play();
      const seeked = new Promise((resolve) => element.addEventListener('seeked', resolve, { once: true }));
      element.currentTime = element.duration / 2;
      await seeked;
      element.pause();
      return element.duration / 2;
    });
    const answer = await saved;
    expect(answer.status()).toBe(200);
    const position = (answer.request().postDataJSON() as { positionSeconds: number }).positionSeconds;
    expect(position).toBeGreaterThanOrEqual(half - 0.5);
    await keepScreenshot(page, 'courses-lesson-desktop');
    await expectAccessible(page, 'lesson page');

    // Back on the course page she continues where she began; the second module waits for tomorrow.
    await page.getByRole('link', { name: courseName, exact: true }).click();
    await expect(page.getByTestId('course-page')).toBeVisible();
    await expect(page.getByTestId('course-continue')).toHaveText('Fortsetzen');
    await expect(
      page.getByTestId('lesson-row').filter({ hasText: firstLesson }).getByTestId('lesson-state'),
    ).toHaveText('Begonnen');
    await expect(lockedRow(page)).toHaveText(/^Verfügbar ab \d{1,2}\. \S+ \d{4}$/);
    const course = await data<CourseDetail>(
      await request.get(`/api/apps/${c.appId}/courses/c/${/\/courses\/c\/([^/?]+)/.exec(page.url())?.[1]}`, {
        headers: { authorization: `Bearer ${c.lena.token}` },
      }),
    );
    const locked = course.modules[1]?.lessons[0]?.lessonAction;
    expect(locked).toMatchObject({ action: 'locked', reason: 'drip_content' });
    const opensIn = new Date((locked as { unlocksAt: string }).unlocksAt).getTime() - Date.now();
    expect(opensIn).toBeGreaterThan(0);
    expect(opensIn).toBeLessThanOrEqual(2 * 24 * 3600 * 1000);
    const lockText = await lockedRow(page).textContent();
    await keepScreenshot(page, 'courses-course-desktop');
    await expectAccessible(page, 'course page');
    await page.context().close();

    // On her phone the video goes on where she stopped; the second module is still locked with its date.
    const phone = await phonePage(browser, testInfo, c, c.lena);
    await phone.goto(lessonUrl);
    const phoneVideo = phone.getByTestId('lesson-video');
    await expect(phoneVideo).toBeVisible();
    await expect
      .poll(() => phoneVideo.evaluate((element: HTMLVideoElement) => element.currentTime))
      .toBeGreaterThanOrEqual(position - 1);
    await keepScreenshot(phone, 'courses-lesson-phone');
    await expectAccessible(phone, 'lesson page (phone)');
    await phone.getByRole('link', { name: courseName, exact: true }).click();
    await expect(phone.getByTestId('course-page')).toBeVisible();
    await expect(lockedRow(phone)).toHaveText(lockText ?? '');
    await keepScreenshot(phone, 'courses-course-phone');
    await expectAccessible(phone, 'course page (phone)');
    await phone.getByRole('navigation', { name: 'Brotkrumen' }).getByRole('link', { name: 'Kurse' }).click();
    await expect(phone.getByTestId('course-card').filter({ hasText: courseName })).toBeVisible();
    await keepScreenshot(phone, 'courses-catalogue-phone');
    await expectAccessible(phone, 'catalogue (phone)');
    await phone.context().close();

    // On the service host the owner's courses dashboard lists the course with its enrolments.
    const serviceHost = appHost.replace('//app.', '//');
    const forwarded = visitorHeaders(testInfo)['X-Forwarded-For']!.replace(/\.\d+$/, '.253');
    const host = await (
      await browser.newContext({
        viewport: { width: 1440, height: 900 },
        extraHTTPHeaders: { 'X-Forwarded-For': forwarded },
      })
    ).newPage();
    await host.goto(`${serviceHost}/auth`);
    await signInWithPassword(host, c.owner.email);
    await expect(host).not.toHaveURL(/\/auth/);
    await host.goto(`${serviceHost}/projects/${projectId}/courses`);
    const dashboardRow = host.getByRole('row').filter({ hasText: courseName });
    // Lena and whoever else played the video (the admin checking the lesson) are enrolled; nobody finished it.
    await expect(dashboardRow.getByRole('cell').nth(2)).toHaveText(/^[1-9]\d*$/);
    await expect(dashboardRow.getByRole('cell').nth(3)).toHaveText('0');
    await keepScreenshot(host, 'courses-dashboard-desktop');
    await expectAccessible(host, 'courses dashboard');
    await host.context().close();
  },
);
