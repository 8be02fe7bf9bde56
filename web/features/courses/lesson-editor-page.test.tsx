import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createRoutes } from '../../app/routes';
import { expectNoAxeViolations } from '../../test/axe';
import { callsTo, json, signInForTest, stubFetch } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import { adminApp, appShellRoutes, lessonPath, teamCan, testLesson } from './courses-test-data';

beforeEach(() => {
  signInForTest();
});

describe('the lesson editor', { timeout: 60_000 }, () => {
  it('edits the lesson and saves it with PATCH, then shows it', async () => {
    const lesson = testLesson({
      permissions: teamCan,
      links: [{ title: 'Akkordtabelle', url: 'https://example.org/a' }],
    });
    const renamed = { ...lesson, name: 'G-Dur sicher greifen' };
    const patchPath = `PATCH /api/lessons/${lesson.id}`;
    let current = lesson;
    const fetchMock = stubFetch({
      ...appShellRoutes(adminApp),
      [lessonPath('lektion-2')]: () => json(200, { data: current }),
      [patchPath]: () => {
        current = renamed;
        return json(200, { data: renamed });
      },
    });
    renderRoutes(createRoutes('app'), { url: '/akademie/courses/l/lektion-2/edit', host: 'app' });
    await screen.findByTestId('lesson-editor', {}, { timeout: 15_000 });
    expect(screen.getByRole('heading', { level: 1, name: 'Lektion bearbeiten' })).toBeTruthy();
    expect(screen.getByText('g-dur.mp4')).toBeTruthy();

    fireEvent.change(screen.getByTestId('lesson-editor-name'), { target: { value: 'G-Dur sicher greifen' } });
    fireEvent.click(screen.getByTestId('lesson-editor-video-url'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Video-Link 2' }), {
      target: { value: 'https://youtu.be/abc' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'To-do hinzufügen' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'To-do 3' }), { target: { value: 'Lied spielen' } });
    fireEvent.click(screen.getByRole('radio', { name: 'An einem Datum' }));
    fireEvent.change(screen.getByLabelText(/^Datum/), { target: { value: '2026-12-24' } });
    await expectNoAxeViolations(screen.getByTestId('lesson-editor'));
    fireEvent.click(screen.getByTestId('lesson-editor-save'));

    await screen.findByRole('heading', { level: 1, name: 'G-Dur sicher greifen' }, { timeout: 15_000 });
    await waitFor(() => expect(callsTo(fetchMock, patchPath)).toHaveLength(1));
    expect(callsTo(fetchMock, patchPath)[0]).toMatchObject({
      name: 'G-Dur sicher greifen',
      videos: [
        { fileId: lesson.videos[0]?.kind === 'file' ? lesson.videos[0].fileId : '' },
        { url: 'https://youtu.be/abc' },
      ],
      links: [{ title: 'Akkordtabelle', url: 'https://example.org/a' }],
      todoList: [
        { id: 't1', text: 'Gitarre stimmen' },
        { id: 't2', text: 'G-Dur zehnmal greifen' },
        { text: 'Lied spielen' },
      ],
      dripDays: null,
      dripDate: '2026-12-24',
      completion: 'video',
      isActive: true,
    });
  });
});
