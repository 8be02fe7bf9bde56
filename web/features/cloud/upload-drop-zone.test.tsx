import { act, fireEvent, renderHook, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { UploadDropZone, droppedFiles, useFilePicker } from './upload-drop-zone';

const pdf = () => new File(['%PDF'], 'skript.pdf', { type: 'application/pdf' });

/** A drag from the desktop carries the type 'Files'; the library's own tile drags carry none. */
const transferOf = (files: File[], types = ['Files']) => ({ files, types, items: [], dropEffect: 'none' });

function renderZone(enabled = true) {
  const onFiles = vi.fn();
  renderWithProviders(
    <UploadDropZone enabled={enabled} onFiles={onFiles}>
      <div data-testid="cloud-items">
        <span data-testid="tile">kachel</span>
      </div>
    </UploadDropZone>,
  );
  return { onFiles, target: screen.getByTestId('cloud-items') };
}

describe('UploadDropZone', () => {
  it('shows the overlay while files are dragged over it, also across its children', () => {
    const { target } = renderZone();
    const dataTransfer = transferOf([pdf()]);
    fireEvent.dragEnter(target, { dataTransfer });
    expect(screen.getByText('Dateien hier ablegen')).toBeTruthy();
    // Entering a child first, then leaving the parent: still inside.
    fireEvent.dragEnter(screen.getByTestId('tile'), { dataTransfer });
    fireEvent.dragLeave(target, { dataTransfer });
    expect(screen.queryByTestId('upload-drop-overlay')).not.toBeNull();
    fireEvent.dragLeave(screen.getByTestId('tile'), { dataTransfer });
    expect(screen.queryByTestId('upload-drop-overlay')).toBeNull();
  });

  it('hands dropped files over and hides the overlay', () => {
    const { onFiles, target } = renderZone();
    const file = pdf();
    const dataTransfer = transferOf([file]);
    fireEvent.dragEnter(target, { dataTransfer });
    fireEvent.dragOver(target, { dataTransfer });
    fireEvent.drop(target, { dataTransfer });
    expect(onFiles).toHaveBeenCalledWith([file]);
    expect(screen.queryByTestId('upload-drop-overlay')).toBeNull();
  });

  it('ignores drags without files (moving tiles inside the library)', () => {
    const { onFiles, target } = renderZone();
    const dataTransfer = transferOf([], ['text/plain']);
    fireEvent.dragEnter(target, { dataTransfer });
    expect(screen.queryByTestId('upload-drop-overlay')).toBeNull();
    fireEvent.drop(target, { dataTransfer });
    expect(onFiles).not.toHaveBeenCalled();
  });

  it('takes no files where nothing can be uploaded, and keeps the browser from opening them', () => {
    const { onFiles, target } = renderZone(false);
    const dataTransfer = transferOf([pdf()]);
    fireEvent.dragEnter(target, { dataTransfer });
    expect(screen.queryByTestId('upload-drop-overlay')).toBeNull();
    const dropped = fireEvent.drop(target, { dataTransfer });
    expect(dropped).toBe(false);
    expect(onFiles).not.toHaveBeenCalled();
  });

  it('leaves dropped folders out', () => {
    const file = pdf();
    const item = (entry: { isDirectory: boolean } | null, content: File | null) =>
      ({ kind: 'file', webkitGetAsEntry: () => entry, getAsFile: () => content }) as unknown as DataTransferItem;
    const transfer = {
      files: [] as unknown as FileList,
      items: [item({ isDirectory: true }, null), item({ isDirectory: false }, file), item(null, file)] as unknown as DataTransferItemList,
    };
    expect(droppedFiles(transfer)).toEqual({ files: [file, file], skippedFolders: 1 });
  });
});

describe('useFilePicker', () => {
  it('opens a file dialog for several files and hands the chosen ones over', () => {
    const click = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => undefined);
    const { result } = renderHook(() => useFilePicker());
    const handler = vi.fn();
    act(() => result.current.open(handler));
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(input.multiple).toBe(true);
    expect(click).toHaveBeenCalledTimes(1);

    const file = pdf();
    Object.defineProperty(input, 'files', { value: [file] });
    fireEvent.change(input);
    expect(handler).toHaveBeenCalledWith([file]);
    expect(document.querySelector('input[type="file"]')).toBeNull();
  });
});
