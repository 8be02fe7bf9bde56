import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CloudEntity } from '../../../contracts/cloud';
import { renderWithProviders } from '../../test/render';
import { stubFetch } from '../../test/fixtures';
import { cloudEntity } from './cloud-entity.fixture';
import { previewKind, PreviewMedia } from './preview-media';
import { decodePreviewText, isTextFile, textPreviewBytes } from './text-preview';

function textFile(change: Partial<CloudEntity> = {}): CloudEntity {
  const id = '0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4001';
  return cloudEntity({
    id,
    name: 'notizen.md',
    fileInfo: {
      name: 'notizen.md',
      originalName: 'notizen.md',
      mimeType: 'text/markdown',
      width: null,
      height: null,
      size: 60,
    },
    url: `/api/cloud/blobs/${id}/original?exp=1&sig=x`,
    extension: 'md',
    ...change,
  });
}

const encode = (text: string) => new TextEncoder().encode(text).buffer;

describe('text preview', () => {
  it('previews text, csv, json and markdown, never PDFs or pictures as text', () => {
    for (const mimeType of ['text/plain', 'text/csv', 'text/markdown', 'application/json', 'text/html']) {
      expect(isTextFile(textFile({ fileInfo: { ...textFile().fileInfo!, mimeType } })), mimeType).toBe(true);
    }
    expect(isTextFile(textFile({ fileInfo: { ...textFile().fileInfo!, mimeType: 'application/pdf' } }))).toBe(
      false,
    );
    expect(previewKind(textFile())).toBe('text');
  });

  it('decodes UTF-8, drops a character cut at the end, and gives up on binary', () => {
    expect(decodePreviewText(encode('Grüße\tan alle\n'), false)).toBe('Grüße\tan alle\n');
    const cut = new Uint8Array(encode('Maß')).slice(0, 3).buffer;
    expect(decodePreviewText(cut, true)).toBe('Ma');
    expect(decodePreviewText(encode('a\u0000b'), false)).toBe('a\uFFFDb');
    const binary = Uint8Array.from({ length: 400 }, (_, index) => 0x80 + (index % 60)).buffer;
    expect(decodePreviewText(binary, false)).toBeNull();
  });

  it('shows the text as text (markup stays visible), and reads only the start of a large file', async () => {
    const fetchMock = stubFetch({
      'GET /api/cloud/blobs/0190f5a2-7c1e-7b4e-9a55-3b2f1c0d4001/original': () =>
        new Response('# Plan\n<script>alert(1)</script>\n', { status: 206 }),
    });
    renderWithProviders(
      <PreviewMedia
        entity={textFile({ fileInfo: { ...textFile().fileInfo!, size: textPreviewBytes * 4 } })}
      />,
    );
    const preview = await screen.findByTestId('preview-text');
    expect(preview.querySelector('pre')?.textContent).toBe('# Plan\n<script>alert(1)</script>\n');
    expect(preview.querySelector('script')).toBeNull();
    expect(preview.textContent).toContain('Die Vorschau zeigt die ersten 256 KB.');
    const headers = new Headers(fetchMock.mock.calls[0]![1]?.headers);
    expect(headers.get('range')).toBe(`bytes=0-${textPreviewBytes - 1}`);
  });
});
