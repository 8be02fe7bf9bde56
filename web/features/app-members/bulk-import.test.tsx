import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Task } from '../../../contracts/tasks';
import { callsTo, json, signInForTest, stubFetch, testAccount, urlOf } from '../../test/fixtures';
import { i18n, setLanguage } from '../../i18n/i18n';
import { storeTask } from '../tasks';
import { BulkImportPage } from './bulk-import-page';
import { translateImportReport } from './import-report';
import { adminApp, paths, renderInSettings, tagsRoute, vipTag } from './members-test-data';

const taskId = '0190f5a2-7c1e-7b4e-9a55-00000000a001';
const storageKey = `tasks:${testAccount.id}:${adminApp.id}`;

function task(overrides: Partial<Task>): Task {
  return {
    taskId,
    type: 'import',
    status: 'running',
    progress: 30,
    projectId: adminApp.projectId,
    appId: adminApp.id,
    result: null,
    error: null,
    createdAt: '2025-03-14T09:30:00.000Z',
    updatedAt: '2025-03-14T09:30:00.000Z',
    finishedAt: null,
    ...overrides,
  };
}

const rememberTask = () =>
  storeTask(testAccount.id, adminApp.id, { taskId, type: 'import', startedAt: new Date().toISOString() });

const tasksAsked = (fetchMock: ReturnType<typeof stubFetch>) => callsTo(fetchMock, 'GET /api/tasks').length;

afterEach(() => {
  vi.useRealTimers();
});

describe('bulk import', () => {
  it('checks the file, previews it and starts the import as a remembered task', async () => {
    signInForTest();
    const fetchMock = stubFetch({
      [`GET ${paths.tags}`]: tagsRoute([]),
      [`POST ${paths.profiles}`]: () => json(202, { data: { taskId } }),
      'GET /api/tasks': () => json(200, { data: [task({ progress: 40 })] }),
    });
    renderInSettings(<BulkImportPage />, '/bulk-import');
    const input = await screen.findByTestId('csv-input');

    fireEvent.change(input, { target: { files: [new File(['x'], 'liste.xlsx')] } });
    expect(await screen.findByText('Bitte wählen Sie eine CSV-Datei (Endung .csv).')).toBeTruthy();
    fireEvent.change(input, {
      target: { files: [new File(['Vorname;Nachname\nAnna;Berg\n'], 'ohne-mail.csv')] },
    });
    expect(
      await screen.findByText('Es fehlt eine Spalte „email“. Sie ist für jede Person erforderlich.'),
    ).toBeTruthy();

    const csv = 'E-Mail;Vorname;Kundennummer\nanna@beispiel.de;Anna;17\n"berg@beispiel.de";"Berg; Karl";18\n';
    fireEvent.change(input, { target: { files: [new File([csv], 'kunden.csv')] } });
    const preview = await screen.findByTestId('csv-preview');
    expect(within(preview).getByText('Berg; Karl')).toBeTruthy();
    expect(within(preview).getByText('wird ignoriert')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: /Einladungen senden/ }));
    fireEvent.click(screen.getByTestId('import-start'));

    expect(await screen.findByTestId('task-progress')).toBeTruthy();
    expect(callsTo(fetchMock, `POST ${paths.profiles}`)).toEqual([{ csv, tagIds: [], isInvited: false }]);
    expect(JSON.parse(window.localStorage.getItem(storageKey) ?? '[]')).toMatchObject([
      { taskId, type: 'import' },
    ]);
    expect(screen.getByTestId('task-status').textContent).toBe('Läuft …');
  }, 15_000);

  it('polls every 3 s until the task completes, then shows the summary and stops', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInForTest();
    rememberTask();
    let answer = task({ progress: 60 });
    const fetchMock = stubFetch({
      [`GET ${paths.tags}`]: tagsRoute([]),
      [`GET ${paths.profiles}`]: () => json(200, { data: [], meta: { page: 1, pages: 0, total: 0 } }),
      'GET /api/tasks': () => json(200, { data: [answer] }),
    });
    renderInSettings(<BulkImportPage />, '/bulk-import');
    expect(await screen.findByText('60 %')).toBeTruthy();
    expect(tasksAsked(fetchMock)).toBe(1);
    const polled = fetchMock.mock.calls.find(([input]) => urlOf(input).includes('/api/tasks'));
    expect(new URL(urlOf(polled![0]), 'http://localhost').searchParams.get('taskIds')).toBe(taskId);

    answer = task({ status: 'completed', progress: 100, result: { imported: 12, skipped: 3 } });
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    const summary = await screen.findByTestId('import-summary');
    expect(within(summary).getByTestId('import-imported').textContent).toBe('12');
    expect(within(summary).getByTestId('import-skipped').textContent).toBe('3');
    expect(screen.getByTestId('task-status').textContent).toBe('Abgeschlossen');

    const asked = tasksAsked(fetchMock);
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(tasksAsked(fetchMock)).toBe(asked);
  });

  it('reports invalid rows and downloads the error report with the session', async () => {
    signInForTest();
    rememberTask();
    const report = 'line,email,field,error\n2,kein-at,email,validation.email\n';
    const fetchMock = stubFetch({
      [`GET ${paths.tags}`]: tagsRoute([]),
      [`GET ${paths.profiles}`]: () => json(200, { data: [], meta: { page: 1, pages: 0, total: 0 } }),
      'GET /api/tasks': () =>
        json(200, {
          data: [
            task({
              status: 'failed',
              error: 'IMPORT_INVALID_ROWS',
              result: { invalidRows: 2, totalRows: 40 },
            }),
          ],
        }),
      [`GET /api/apps/${adminApp.id}/imports/${taskId}/errors`]: () =>
        new Response(report, { status: 200, headers: { 'Content-Type': 'text/csv' } }),
    });
    const createObjectURL = vi.fn<(blob: Blob) => string>(() => 'blob:report');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderInSettings(<BulkImportPage />, '/bulk-import');

    const invalid = await screen.findByTestId('import-invalid');
    expect(within(invalid).getByText('2 Zeilen fehlerhaft')).toBeTruthy();
    fireEvent.click(screen.getByTestId('import-report'));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const download = fetchMock.mock.calls.find(([input]) => urlOf(input).includes('/errors'));
    expect(new Headers(download?.[1]?.headers).get('Authorization')).toBe('Bearer access-token-1');
    // The report in the importer's language: translated headers, field names and messages, no raw keys.
    const text = await createObjectURL.mock.calls[0]![0].text();
    expect(text.split('\r\n')).toEqual([
      'Zeile;E-Mail-Adresse;Feld;Problem',
      '2;kein-at;E-Mail;Das ist keine gültige E-Mail-Adresse.',
      '',
    ]);
    expect(text).not.toContain('validation.');
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toBe('import-fehler.csv');
  });

  it('translates the error report into English', async () => {
    await setLanguage('en', { persist: false });
    const report =
      'line,email,field,error\n3,a@b.de,email,validation.unique\n4,c@d.de,tags,validation.validateMaxLength\n';
    const t = i18n.t;
    expect(translateImportReport(report, t, 'en').replace('\uFEFF', '').split('\r\n')).toEqual([
      'Line,Email address,Field,Problem',
      '3,a@b.de,Email,This email address already appears earlier in the file.',
      '4,c@d.de,Tags,A tag is longer than 50 characters.',
      '',
    ]);
  });

  it('shows the tags column in full and names the tags the import will create', async () => {
    signInForTest();
    const fetchMock = stubFetch({
      [`GET ${paths.tags}`]: (_init, url) => {
        const asked = url.searchParams.getAll('names').map((name) => name.toLowerCase());
        const data = [vipTag].filter((tag) => asked.includes(tag.name.toLowerCase()));
        return json(200, { data, meta: { page: 1, pages: 1, total: data.length } });
      },
    });
    renderInSettings(<BulkImportPage />, '/bulk-import');
    const csv =
      'email,tags\nanna@beispiel.de,vip|Yoga Fortgeschrittene|Newsletter 2026\nben@beispiel.de,Yoga Fortgeschrittene\n';
    fireEvent.change(await screen.findByTestId('csv-input'), {
      target: { files: [new File([csv], 'kurs.csv')] },
    });
    const preview = await screen.findByTestId('csv-preview');
    expect(within(preview).getAllByText('Yoga Fortgeschrittene')).toHaveLength(2);
    expect(within(preview).getByText('Newsletter 2026')).toBeTruthy();
    const note = await screen.findByTestId('import-new-tags');
    expect(within(note).getByText('2 neue Tags werden angelegt')).toBeTruthy();
    expect(within(note).getByText('Yoga Fortgeschrittene')).toBeTruthy();
    expect(within(note).queryByText('vip')).toBeNull();
    const asked = fetchMock.mock.calls.map(([input]) => new URL(urlOf(input), 'http://localhost'));
    expect(asked.find((url) => url.searchParams.has('names'))?.searchParams.getAll('names')).toEqual([
      'vip',
      'Yoga Fortgeschrittene',
      'Newsletter 2026',
    ]);
  });

  it('offers a retry when the task was killed, back at the upload after a reload', async () => {
    signInForTest();
    rememberTask();
    stubFetch({
      [`GET ${paths.tags}`]: tagsRoute([]),
      [`GET ${paths.profiles}`]: () => json(200, { data: [], meta: { page: 1, pages: 0, total: 0 } }),
      'GET /api/tasks': () => json(200, { data: [task({ status: 'killed' })] }),
    });
    renderInSettings(<BulkImportPage />, '/bulk-import');
    const failed = await screen.findByTestId('import-failed');
    expect(within(failed).getByText(/abgebrochen, weil er zu lange nicht vorankam/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('import-retry'));
    expect(await screen.findByTestId('csv-drop-zone')).toBeTruthy();
    expect(window.localStorage.getItem(storageKey)).toBeNull();
  });

  it('forgets a remembered task the server does not know', async () => {
    signInForTest();
    rememberTask();
    stubFetch({
      [`GET ${paths.tags}`]: tagsRoute([]),
      'GET /api/tasks': () => json(200, { data: [] }),
    });
    renderInSettings(<BulkImportPage />, '/bulk-import');
    expect(await screen.findByTestId('csv-drop-zone')).toBeTruthy();
    await waitFor(() => expect(window.localStorage.getItem(storageKey)).toBeNull());
  });
});
