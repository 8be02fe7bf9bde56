import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CustomField } from '../../../contracts/custom-fields';
import type { App } from '../../../contracts/apps';
import { CurrentAppContext } from '../../kernel/current-app';
import { callsTo, json, signInForTest, stubFetch, testApp } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { CustomFieldCreatePage } from './custom-field-pages';
import { moveWithin } from './custom-fields-api';
import { CustomFieldsPage } from './custom-fields-page';

const app: App = { ...testApp, permissions: { can: ['view', 'edit', 'settings_app'] } };
const listPath = `/api/apps/${app.id}/custom-fields`;
const all: CustomField['permissions']['can'] = ['edit', 'delete', 'move'];

function field(id: string, label: string, can = all): CustomField {
  return {
    id: `0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4e${id}`,
    type: 'text',
    label,
    options: [],
    validationRules: { required: false, minLength: null, maxLength: null },
    permissions: { can },
    createdAt: '2026-01-05T10:00:00.000Z',
  };
}
const [beruf, stufe, website] = [
  field('a1', 'Beruf'),
  field('a2', 'Erfahrungsstufe'),
  field('a3', 'Website'),
];
const list = (data: CustomField[]) => () =>
  json(200, { data, meta: { page: 1, pages: 1, total: data.length } });

function renderPage(ui: React.ReactElement, path: string) {
  return renderWithProviders(<CurrentAppContext value={app}>{ui}</CurrentAppContext>, {
    path: `/:appSlug/${path}`,
    url: `/akademie/${path}`,
    host: 'app',
    routes: [{ path: '/:appSlug/settings/custom-fields', element: <p data-testid="back-at-list">Liste</p> }],
  });
}

const labels = () => screen.getAllByTestId('custom-field-label').map((node) => node.textContent);

describe('moveWithin', () => {
  it('gives the new order and the field the moved one now follows', () => {
    expect(moveWithin([beruf, stufe, website], 2, 0)).toEqual({
      items: [website, beruf, stufe],
      prevId: null,
    });
    expect(moveWithin([beruf, stufe, website], 0, 2)).toEqual({
      items: [stufe, website, beruf],
      prevId: website.id,
    });
  });
});

describe('custom fields list', () => {
  it('moves a field down with the keyboard-reachable action and tells the server its new neighbour', async () => {
    signInForTest();
    const fetchMock = stubFetch({
      [`GET ${listPath}`]: list([beruf, stufe, website]),
      [`PATCH /api/custom-fields/${beruf.id}/move`]: () => json(200, { data: beruf }),
    });
    renderPage(<CustomFieldsPage />, 'settings/custom-fields');
    await screen.findByTestId('custom-field-list');
    expect(labels()).toEqual(['Beruf', 'Erfahrungsstufe', 'Website']);

    fireEvent.click(screen.getAllByTestId('custom-field-actions')[0]!);
    fireEvent.click(await screen.findByTestId('custom-field-down'));
    await waitFor(() => expect(labels()).toEqual(['Erfahrungsstufe', 'Beruf', 'Website']));
    await waitFor(() =>
      expect(callsTo(fetchMock, `PATCH /api/custom-fields/${beruf.id}/move`)).toEqual([{ prevId: stufe.id }]),
    );
  });

  it('puts the order back when the server refuses the move', async () => {
    signInForTest();
    let answers = 0;
    let refuse: () => void = () => {};
    const refused = new Promise<void>((resolve) => {
      refuse = resolve;
    });
    stubFetch({
      [`GET ${listPath}`]: () => {
        answers += 1;
        return list([beruf, stufe, website])();
      },
      [`PATCH /api/custom-fields/${website.id}/move`]: async () => {
        await refused;
        return json(403, { code: 'FORBIDDEN', message: 'errors.FORBIDDEN' });
      },
    });
    renderPage(<CustomFieldsPage />, 'settings/custom-fields');
    await screen.findByTestId('custom-field-list');
    fireEvent.click(screen.getAllByTestId('custom-field-actions')[2]!);
    fireEvent.click(await screen.findByTestId('custom-field-up'));
    await waitFor(() => expect(labels()).toEqual(['Beruf', 'Website', 'Erfahrungsstufe']));
    refuse();
    await waitFor(() => expect(labels()).toEqual(['Beruf', 'Erfahrungsstufe', 'Website']));
    expect(answers).toBe(2);
  });

  it('hides the actions and the handle a field’s abilities do not allow', async () => {
    signInForTest();
    stubFetch({
      [`GET ${listPath}`]: list([field('b1', 'Nur lesen', []), field('b2', 'Nur löschen', ['delete'])]),
    });
    renderPage(<CustomFieldsPage />, 'settings/custom-fields');
    const rows = await screen.findAllByTestId('custom-field-row');
    expect(within(rows[0]!).queryByTestId('custom-field-actions')).toBeNull();
    expect(within(rows[0]!).queryByTestId('custom-field-handle')).toBeNull();
    expect(within(rows[1]!).queryByTestId('custom-field-handle')).toBeNull();
    fireEvent.click(within(rows[1]!).getByTestId('custom-field-actions'));
    expect(await screen.findByTestId('custom-field-delete')).toBeTruthy();
    expect(screen.queryByTestId('custom-field-up')).toBeNull();
    expect(screen.queryByText('Bearbeiten')).toBeNull();
  });
});

describe('custom field form', () => {
  it('asks for options of a choice field, then creates it with only what applies', async () => {
    signInForTest();
    const created = { ...field('c1', 'Erfahrungsstufe'), type: 'select' as const, options: ['Neu', 'Profi'] };
    const fetchMock = stubFetch({
      [`GET ${listPath}`]: list([]),
      [`POST ${listPath}`]: () => json(201, { data: created }),
    });
    renderPage(<CustomFieldCreatePage />, 'settings/custom-fields/create');
    fireEvent.click(await screen.findByTestId('field-type-select'));
    fireEvent.change(screen.getByTestId('field-label'), { target: { value: 'Erfahrungsstufe' } });
    fireEvent.click(screen.getByTestId('field-submit'));
    expect(await screen.findByTestId('field-options-error')).toBeTruthy();
    expect(callsTo(fetchMock, `POST ${listPath}`)).toHaveLength(0);

    const [first, second] = screen.getAllByTestId('field-option');
    fireEvent.change(first!, { target: { value: 'Neu' } });
    fireEvent.change(second!, { target: { value: 'Profi' } });
    fireEvent.click(screen.getByTestId('field-submit'));
    expect(await screen.findByTestId('back-at-list')).toBeTruthy();
    expect(callsTo(fetchMock, `POST ${listPath}`)).toEqual([
      {
        type: 'select',
        label: 'Erfahrungsstufe',
        options: ['Neu', 'Profi'],
        validationRules: { required: false, minLength: null, maxLength: null },
      },
    ]);
  });

  it('refuses a maximum length below the minimum', async () => {
    signInForTest();
    const fetchMock = stubFetch({ [`GET ${listPath}`]: list([]) });
    renderPage(<CustomFieldCreatePage />, 'settings/custom-fields/create');
    fireEvent.change(await screen.findByTestId('field-label'), { target: { value: 'Beruf' } });
    fireEvent.change(screen.getByTestId('field-min-length'), { target: { value: '10' } });
    fireEvent.change(screen.getByTestId('field-max-length'), { target: { value: '5' } });
    fireEvent.click(screen.getByTestId('field-submit'));
    expect(
      await screen.findByText('Die Höchstlänge darf nicht kleiner als die Mindestlänge sein.'),
    ).toBeTruthy();
    expect(callsTo(fetchMock, `POST ${listPath}`)).toHaveLength(0);
  });
});
