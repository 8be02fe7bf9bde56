import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CloudEntity } from '../../../contracts/cloud';
import { renderWithProviders } from '../../test/render';
import { MobilePicker, shouldCloseSheet } from './mobile-picker';
import type { PickerShellProps } from './picker-state';

const file = { id: 'f1', name: 'handyfoto.png', isFolder: false } as CloudEntity;
const folder = { id: 'd1', name: 'Urlaub', isFolder: true } as CloudEntity;

function renderPicker(overrides: Partial<PickerShellProps> = {}) {
  const props: PickerShellProps = {
    opened: true,
    onClose: vi.fn(),
    onApply: vi.fn(),
    onGif: vi.fn(),
    selectionMode: 'multiple',
    // The library is the picker's guest; here a stand-in that selects a folder and a file.
    renderCloud: ({ onSelectionChange }) => (
      <button type="button" onClick={() => onSelectionChange([folder, file])}>
        fake-library
      </button>
    ),
    ...overrides,
  };
  renderWithProviders(<MobilePicker {...props} />);
  return props;
}

/** jsdom lays nothing out: the sheet gets a height to measure the swipe against. */
function giveSheetHeight(px: number) {
  Object.defineProperty(screen.getByTestId('mobile-picker'), 'offsetHeight', {
    configurable: true,
    value: px,
  });
}

function swipe(distance: number) {
  const handle = screen.getByTestId('mobile-picker-handle');
  fireEvent.pointerDown(handle, { button: 0, pointerId: 1, clientY: 100 });
  fireEvent.pointerMove(handle, { pointerId: 1, clientY: 100 + distance / 2 });
  fireEvent.pointerMove(handle, { pointerId: 1, clientY: 100 + distance });
  fireEvent.pointerUp(handle, { pointerId: 1, clientY: 100 + distance });
}

describe('shouldCloseSheet', () => {
  it('closes only beyond 70 % of the sheet height', () => {
    expect(shouldCloseSheet(701, 1000)).toBe(true);
    expect(shouldCloseSheet(700, 1000)).toBe(false);
    expect(shouldCloseSheet(300, 1000)).toBe(false);
    expect(shouldCloseSheet(0, 1000)).toBe(false);
  });

  it('never closes for a sheet it could not measure', () => {
    expect(shouldCloseSheet(500, 0)).toBe(false);
  });
});

describe('MobilePicker', () => {
  it('starts on the cloud tab with cloud access and no GIF wish', async () => {
    renderPicker();
    expect((await screen.findByRole('tab', { name: 'Cloud' })).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'GIF' }).getAttribute('aria-selected')).toBe('false');
    expect(screen.getByText('fake-library')).toBeTruthy();
    expect(screen.queryByTestId('gif-panel')).toBeNull();
  });

  it('starts on the GIF tab when GIFs are asked for', async () => {
    renderPicker({ initialTab: 'gif' });
    expect((await screen.findByRole('tab', { name: 'GIF' })).getAttribute('aria-selected')).toBe('true');
    // The test configuration has no GIF provider: the panel says so quietly.
    expect(screen.getByTestId('gif-panel').textContent).toContain('GIFs sind nicht verfügbar');
  });

  it('offers no cloud tab without cloud access', async () => {
    renderPicker({ hasCloudAccess: false });
    expect(await screen.findByTestId('gif-panel')).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Cloud' })).toBeNull();
    expect(screen.queryByText('fake-library')).toBeNull();
  });

  it('shows the footer once a file is selected and applies the files without folders', async () => {
    const props = renderPicker();
    expect(screen.queryByTestId('picker-apply')).toBeNull();
    fireEvent.click(await screen.findByText('fake-library'));
    expect(screen.getByTestId('picker-footer').textContent).toContain('1 ausgewählt');
    fireEvent.click(screen.getByTestId('picker-apply'));
    expect(props.onApply).toHaveBeenCalledWith([file]);
    expect(props.onClose).toHaveBeenCalledTimes(1);
  });

  it('snaps back after a short swipe and closes after one beyond 70 %', async () => {
    const props = renderPicker();
    await screen.findByTestId('mobile-picker');
    giveSheetHeight(800);
    swipe(300);
    expect(props.onClose).not.toHaveBeenCalled();
    expect(screen.getByTestId('mobile-picker').style.transform).toBe('translateY(0px)');
    swipe(600);
    expect(props.onClose).toHaveBeenCalledTimes(1);
  });

  it('catches the settling sheet where its handle was, but not by its content', async () => {
    const props = renderPicker();
    const sheet = await screen.findByTestId('mobile-picker');
    giveSheetHeight(800);
    // The content (here the library) does not drag the sheet.
    fireEvent.pointerDown(screen.getByText('fake-library'), { button: 0, pointerId: 1, clientY: 100 });
    fireEvent.pointerMove(screen.getByText('fake-library'), { pointerId: 1, clientY: 400 });
    expect(sheet.style.transform).toBe('translateY(0px)');
    // The track the sheet moves in (uncovered while it snaps back) does.
    const track = sheet.parentElement!;
    fireEvent.pointerDown(track, { button: 0, pointerId: 2, clientY: 100 });
    fireEvent.pointerMove(track, { pointerId: 2, clientY: 700 });
    fireEvent.pointerUp(track, { pointerId: 2, clientY: 700 });
    expect(props.onClose).toHaveBeenCalledTimes(1);
  });

  it('follows the pointer while it drags the handle', async () => {
    renderPicker();
    await screen.findByTestId('mobile-picker');
    const handle = screen.getByTestId('mobile-picker-handle');
    fireEvent.pointerDown(handle, { button: 0, pointerId: 1, clientY: 50 });
    fireEvent.pointerMove(handle, { pointerId: 1, clientY: 170 });
    expect(screen.getByTestId('mobile-picker').style.transform).toBe('translateY(120px)');
    // Upwards the sheet does not leave its place.
    fireEvent.pointerMove(handle, { pointerId: 1, clientY: 10 });
    expect(screen.getByTestId('mobile-picker').style.transform).toBe('translateY(0px)');
  });
});
