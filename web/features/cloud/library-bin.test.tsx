import type { ReactElement } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n, setLanguage } from '../../i18n/i18n';
import { callsTo, json, stubFetch } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { cellDateText, cellMetaText, purgeDate } from './cell-texts';
import { cloudEntity } from './cloud-entity.fixture';
import { CloudScopeContext, type CloudScope } from './cloud-scope';
import { StorageBar } from './quick-access';
import { RemovedBar } from './removed-bar';

const scope: CloudScope = { projectId: '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4e61', appId: null, basePath: null };

function renderInScope(ui: ReactElement) {
  return renderWithProviders(<CloudScopeContext value={scope}>{ui}</CloudScopeContext>);
}

const entity = cloudEntity;

describe('the bin', () => {
  it('empties the bin after a confirmation', async () => {
    const fetchMock = stubFetch({
      [`DELETE /api/projects/${scope.projectId}/cloud/removed`]: () => new Response(null, { status: 204 }),
    });
    renderInScope(<RemovedBar count={3} canEmpty />);
    expect(screen.getByTestId('cloud-removed-bar').textContent).toContain(
      'Elemente im Papierkorb werden 30 Tage nach dem Löschen automatisch endgültig entfernt.',
    );
    fireEvent.click(screen.getByTestId('cloud-empty-bin'));
    const dialog = await screen.findByTestId('empty-bin-dialog');
    expect(dialog.textContent).toContain('Alle 3 Elemente im Papierkorb werden');
    expect(callsTo(fetchMock, `DELETE /api/projects/${scope.projectId}/cloud/removed`)).toHaveLength(0);
    fireEvent.click(within(dialog).getByTestId('empty-bin-confirm'));
    expect(await screen.findByText('Der Papierkorb wurde geleert.')).toBeTruthy();
    expect(callsTo(fetchMock, `DELETE /api/projects/${scope.projectId}/cloud/removed`)).toHaveLength(1);
  });

  it('offers no emptying of an empty bin', () => {
    stubFetch({});
    renderInScope(<RemovedBar count={0} canEmpty />);
    expect(screen.queryByTestId('cloud-empty-bin')).toBeNull();
  });

  it('says when each item is deleted for good: 30 days after it went to the bin', async () => {
    const removed = entity({ isDeleted: true, deletedAt: '2026-03-10T09:30:00.000Z' });
    expect(purgeDate(removed)?.toISOString()).toBe('2026-04-09T09:30:00.000Z');
    const t = i18n.getFixedT('de');
    expect(cellDateText(removed, t, 'de')).toBe('Löschung am 09.04.2026');
    expect(cellMetaText(removed, 'grid', t, 'de')).toBe('Löschung am 09.04.2026');
    expect(cellDateText(entity(), t, 'de')).toBe('01.03.2026');
    await setLanguage('en', { persist: false });
    try {
      expect(cellDateText(removed, i18n.getFixedT('en'), 'en')).toBe('Deleted on 04/09/2026');
      expect(cellMetaText(removed, 'grid', i18n.getFixedT('en'), 'en')).toBe('Deleted on 04/09/2026');
    } finally {
      await setLanguage('de', { persist: false });
    }
  });

  it('shows a conversion’s progress in the list, not only the tile', () => {
    const t = i18n.getFixedT('de');
    expect(cellMetaText(entity({ status: 'process', encodeProgress: 45 }), 'list', t, 'de')).toBe(
      'Wird umgewandelt · 45 %',
    );
    expect(cellMetaText(entity({ status: 'process' }), 'list', t, 'de')).toBe('Wird verarbeitet …');
    expect(cellMetaText(entity(), 'list', t, 'de')).toBe('40 KB · PDF');
  });
});

describe('StorageBar', () => {
  it('shows a member their own use against their share', async () => {
    stubFetch({
      [`GET /api/projects/${scope.projectId}/cloud/storage`]: () =>
        json(200, {
          data: {
            scope: 'own',
            usedBytes: 5 * 1024 * 1024,
            limitBytes: 1024 * 1024 * 1024,
            filesCount: 3,
            byType: { image: 0, video: 0, audio: 0, other: 5 * 1024 * 1024 },
          },
        }),
    });
    renderInScope(<StorageBar />);
    const bar = await screen.findByTestId('cloud-storage');
    expect(bar.textContent).toContain('Ihr Speicherplatz');
    expect(bar.textContent).toContain('5 MB von 1 GB belegt');
  });

  it('draws no bar for unlimited project storage', async () => {
    stubFetch({
      [`GET /api/projects/${scope.projectId}/cloud/storage`]: () =>
        json(200, {
          data: {
            scope: 'project',
            usedBytes: 2048,
            limitBytes: -1,
            filesCount: 1,
            byType: { image: 0, video: 0, audio: 0, other: 2048 },
          },
        }),
    });
    renderInScope(<StorageBar />);
    const bar = await screen.findByTestId('cloud-storage');
    await waitFor(() => expect(bar.textContent).toContain('Speicherplatz des Projekts'));
    expect(bar.textContent).toContain('unbegrenzt');
    expect(within(bar).queryByRole('progressbar')).toBeNull();
  });
});
