import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Course } from '../../../contracts/courses';
import { createRoutes } from '../../app/routes';
import { expectNoAxeViolations } from '../../test/axe';
import { bodyOf, callsTo, json, signInForTest, stubFetch, urlOf } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import {
  adminApp,
  appShellRoutes,
  benMember,
  claraSpeaker,
  coursePath,
  membersDropdownRoute,
  teamCan,
  testCourseDetail,
  uuid,
} from './courses-test-data';

beforeEach(() => {
  signInForTest();
});

const cover = {
  id: uuid(8501),
  tileUrl: '/api/cloud/gitarre-tile.webp',
  previewUrl: '/api/cloud/gitarre.webp',
};
const coursePatch = `PATCH /api/courses/${uuid(8001)}`;

/** The course's page as its team sees it, with the course form open. */
async function openForm(overrides: Partial<Course>) {
  const course = testCourseDetail([], { permissions: teamCan, ...overrides });
  const fetchMock = stubFetch({
    ...appShellRoutes(adminApp),
    ...membersDropdownRoute(adminApp),
    [coursePath('gitarre')]: () => json(200, { data: course }),
    [coursePatch]: (init) => json(200, { data: { ...course, ...bodyOf(init), cover: null, speakers: [] } }),
  });
  renderRoutes(createRoutes('app'), { url: '/akademie/courses/c/gitarre', host: 'app' });
  fireEvent.click(await screen.findByTestId('course-edit', {}, { timeout: 15_000 }));
  return { fetchMock, form: await screen.findByTestId('course-form') };
}

const memberSearches = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(urlOf(input), 'http://localhost'))
    .filter((url) => url.pathname.endsWith('/profiles/dropdown'))
    .map((url) => url.searchParams.get('search'));
const save = (form: HTMLElement) => fireEvent.click(within(form).getByTestId('course-form-save'));

describe('the course form’s cover and speakers', { timeout: 30_000 }, () => {
  it('shows the course’s cover and speakers, adds a searched member and hides the speakers', async () => {
    const { fetchMock, form } = await openForm({ cover, speakers: [claraSpeaker] });
    const preview = within(form).getByRole('img', { name: 'Vorschau: Titelbild' });
    expect(preview.getAttribute('src')).toBe(cover.previewUrl);
    expect(within(form).getByTestId('course-form-cover-pick').textContent).toBe('Bild ändern');
    expect(within(form).getByText('Clara Weber')).toBeTruthy();
    await expectNoAxeViolations(form);

    const speakers = within(form).getByRole('combobox', { name: /^Referenten/ });
    fireEvent.click(speakers);
    fireEvent.change(speakers, { target: { value: 'Ben' } });
    // The server searches the members (the list shows its answer as it is).
    await waitFor(() => expect(memberSearches(fetchMock)).toContain('Ben'));
    fireEvent.click(await screen.findByRole('option', { name: 'Ben Maier' }));
    fireEvent.click(within(form).getByRole('switch', { name: /^Referenten anzeigen/ }));
    save(form);

    await waitFor(() =>
      expect(callsTo(fetchMock, coursePatch)).toEqual([
        expect.objectContaining({
          coverId: cover.id,
          speakerIds: [claraSpeaker.id, benMember.id],
          isSpeakersShown: false,
        }),
      ]),
    );
  });

  it('removes the cover and the last speaker', async () => {
    const { fetchMock, form } = await openForm({ cover, speakers: [claraSpeaker] });
    fireEvent.click(within(form).getByTestId('course-form-cover-remove'));
    expect(within(form).queryByRole('img', { name: 'Vorschau: Titelbild' })).toBeNull();
    expect(within(form).getByTestId('course-form-cover-pick').textContent).toBe('Bild auswählen');
    // The pills' crosses are for the mouse; the keyboard takes the last one back with Backspace.
    fireEvent.keyDown(within(form).getByRole('combobox', { name: /^Referenten/ }), { key: 'Backspace' });
    expect(within(form).queryByText('Clara Weber')).toBeNull();
    // Without speakers there is nothing to show or hide.
    expect(within(form).queryByRole('switch', { name: /^Referenten anzeigen/ })).toBeNull();
    save(form);

    await waitFor(() =>
      expect(callsTo(fetchMock, coursePatch)).toEqual([
        expect.objectContaining({ coverId: null, speakerIds: [], isSpeakersShown: true }),
      ]),
    );
  });
});
