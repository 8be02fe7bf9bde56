import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { App } from '../../../contracts/apps';
import { createRoutes } from '../../app/routes';
import { expectNoAxeViolations } from '../../test/axe';
import { callsTo, json, signInForTest, stubFetch, type Route } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import { page } from '../../test/workspace-fixtures';
import { positionSaveIntervalMs } from './lesson-player';
import { appShellRoutes, lessonPath, memberApp, testLesson, uuid } from './courses-test-data';

beforeEach(() => {
  signInForTest();
});

afterEach(() => {
  vi.useRealTimers();
});

function open(url: string, routes: Record<string, Route>, app: App = memberApp) {
  const fetchMock = stubFetch({ ...appShellRoutes(app), ...routes });
  renderRoutes(createRoutes('app'), { url, host: 'app' });
  return fetchMock;
}

const findHeading = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 15_000 });

const lesson = testLesson();
const actionPath = `PATCH /api/lessons/${lesson.id}/action`;
const saved = () =>
  json(200, { data: { action: 'continue', reason: null, unlocksAt: null, progress: null } });

/** The player's element with a length and a place, as a browser would report them. */
function playAt(video: HTMLVideoElement, seconds: number) {
  video.currentTime = seconds;
}

describe('the lesson player', { timeout: 30_000 }, () => {
  it('resumes where the member stopped and saves the position while playing, on pause and on leaving', async () => {
    const fetchMock = open('/akademie/courses/l/lektion-2', {
      [lessonPath('lektion-2')]: () => json(200, { data: lesson }),
      [lessonPath('lektion-3')]: () =>
        json(200, { data: testLesson({ id: uuid(8303), name: 'Lektion 3', slug: 'lektion-3' }) }),
      [actionPath]: saved,
    });
    await findHeading('Lektion 2');
    const video = screen.getByTestId<HTMLVideoElement>('lesson-video');
    expect(video.getAttribute('src')).toBe('/api/cloud/files/g-dur.mp4');
    Object.defineProperty(video, 'duration', { configurable: true, value: 600 });
    fireEvent.loadedMetadata(video);
    expect(video.currentTime).toBe(72);

    // Every 5 s while it plays.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    fireEvent.play(video);
    playAt(video, 80);
    act(() => {
      vi.advanceTimersByTime(positionSaveIntervalMs);
    });
    vi.useRealTimers();
    await waitFor(() =>
      expect(callsTo(fetchMock, actionPath)).toEqual([
        { action: 'continue', positionSeconds: 80, durationSeconds: 600 },
      ]),
    );

    playAt(video, 95.5);
    fireEvent.pause(video);
    await waitFor(() => expect(callsTo(fetchMock, actionPath)).toHaveLength(2));
    expect(callsTo(fetchMock, actionPath)[1]).toEqual({
      action: 'continue',
      positionSeconds: 95.5,
      durationSeconds: 600,
    });

    // Leaving for the next lesson saves the last place once more.
    playAt(video, 101);
    fireEvent.click(screen.getByTestId('lesson-next'));
    await findHeading('Lektion 3');
    await waitFor(() => expect(callsTo(fetchMock, actionPath)).toHaveLength(3));
    expect(callsTo(fetchMock, actionPath)[2]).toMatchObject({ positionSeconds: 101 });
  });

  it('marks the lesson done, ticks a to-do and keeps a note', async () => {
    const fetchMock = open('/akademie/courses/l/lektion-2', {
      [lessonPath('lektion-2')]: () => json(200, { data: lesson }),
      [actionPath]: saved,
      [`PUT /api/lessons/${lesson.id}/todos/t2`]: () => new Response(null, { status: 204 }),
      [`PUT /api/lessons/${lesson.id}/note`]: () => new Response(null, { status: 204 }),
      [`GET /api/apps/${memberApp.id}/playlists`]: () => json(200, page([])),
    });
    await findHeading('Lektion 2');
    expect(screen.getByTestId('lesson-body').textContent).toBe('Heute lernen wir den G-Dur-Akkord.');
    fireEvent.click(screen.getByTestId('lesson-complete'));
    await waitFor(() => expect(callsTo(fetchMock, actionPath)).toEqual([{ action: 'completed' }]));

    fireEvent.click(screen.getByRole('tab', { name: 'To-dos' }));
    const todo = await screen.findByRole<HTMLInputElement>('checkbox', { name: 'G-Dur zehnmal greifen' });
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Gitarre stimmen' }).checked).toBe(true);
    fireEvent.click(todo);
    await waitFor(() =>
      expect(callsTo(fetchMock, `PUT /api/lessons/${lesson.id}/todos/t2`)).toEqual([{ done: true }]),
    );

    fireEvent.click(screen.getByRole('tab', { name: 'Notizen' }));
    const note = await screen.findByRole('textbox', { name: /^Ihre Notiz/ });
    fireEvent.change(note, { target: { value: 'Daumen locker lassen' } });
    fireEvent.blur(note);
    await waitFor(() =>
      expect(callsTo(fetchMock, `PUT /api/lessons/${lesson.id}/note`)).toEqual([
        { body: 'Daumen locker lassen' },
      ]),
    );
    expect((await screen.findByTestId('lesson-note-state')).textContent).toBe('Gespeichert');
    await expectNoAxeViolations(screen.getByTestId('lesson-page'));
  });

  it('shows the lock screen with the unlock date instead of the content', async () => {
    const locked = testLesson({
      lessonAction: { action: 'locked', reason: 'drip_content', unlocksAt: '2026-11-30T23:00:00.000Z' },
      body: '',
      videos: [],
      todoList: [],
      progress: null,
    });
    open('/akademie/courses/l/lektion-2', { [lessonPath('lektion-2')]: () => json(200, { data: locked }) });
    await findHeading('Lektion 2');
    const lock = screen.getByTestId('lesson-lock');
    expect(within(lock).getByTestId('lesson-lock-reason').textContent).toBe('Verfügbar ab 1. Dezember 2026');
    expect(within(lock).getByRole('link', { name: 'Zum Kurs' }).getAttribute('href')).toBe(
      '/akademie/courses/c/gitarre',
    );
    expect(screen.queryByTestId('lesson-video')).toBeNull();
    expect(screen.queryByTestId('lesson-complete')).toBeNull();
    await expectNoAxeViolations(screen.getByTestId('lesson-page'));
  });

  it('offers signing in when that would open the lesson', async () => {
    const denied = testLesson({
      lessonAction: { action: 'denied', reason: 'login', unlocksAt: null },
      videos: [],
      permissions: { can: ['view'] },
    });
    open('/akademie/courses/l/lektion-2', { [lessonPath('lektion-2')]: () => json(200, { data: denied }) });
    await findHeading('Lektion 2');
    expect(screen.getByTestId('lesson-lock-reason').textContent).toBe(
      'Melden Sie sich an, um diese Lektion zu öffnen.',
    );
    expect(screen.getByRole('link', { name: 'Anmelden' }).getAttribute('href')).toBe('/akademie/auth');
  });
});
