import { Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CloudEntity } from '../../../contracts/cloud';
import { formatBytes } from '../../../contracts/upload-size';
import { currentLanguage } from '../../i18n/i18n';
import classes from './library-dialogs.module.css';

/*
 * Text files (txt, md, csv, json, xml …) are previewed as plain text: the first `textPreviewBytes` of the
 * file are read through its signed address (a Range request) and shown in a <pre> — never interpreted as
 * markup, so nothing in the file can run. Bytes that are no text end the attempt: no preview then.
 */

export const textPreviewBytes = 256 * 1024;

const textMimeTypes = new Set([
  'application/json',
  'application/xml',
  'application/x-yaml',
  'application/yaml',
]);

/** Whether a file is text the preview can show. HTML and SVG are shown as their source, never rendered. */
export function isTextFile(entity: Pick<CloudEntity, 'isFolder' | 'fileInfo'>): boolean {
  const mimeType = entity.fileInfo?.mimeType ?? '';
  return !entity.isFolder && (mimeType.startsWith('text/') || textMimeTypes.has(mimeType));
}

// C0 controls but tab, line feed and carriage return, and DEL: shown as the replacement character.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const controlCharacters = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** The bytes as text: UTF-8 (a character cut at the end is dropped), controls replaced; null for binary. */
export function decodePreviewText(bytes: ArrayBuffer, truncated: boolean): string | null {
  let text = new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
  if (truncated) {
    text = text.replace(/\uFFFD+$/, '');
  }
  const broken = (text.match(/\uFFFD/g) ?? []).length;
  if (text.length > 0 && broken / text.length > 0.02) {
    return null;
  }
  return text.replace(controlCharacters, '\uFFFD');
}

async function loadText(url: string, size: number): Promise<{ text: string | null; truncated: boolean }> {
  const truncated = size > textPreviewBytes;
  const response = await fetch(url, {
    headers: truncated ? { Range: `bytes=0-${textPreviewBytes - 1}` } : {},
    credentials: 'omit',
  });
  if (!response.ok) {
    throw new Error(`text preview: ${response.status}`);
  }
  // A server that ignores Range still sends no more than the preview shows.
  const bytes = (await response.arrayBuffer()).slice(0, textPreviewBytes);
  return { text: decodePreviewText(bytes, truncated), truncated };
}

/** The text of a file in the preview, or null while there is nothing to show (the caller's blank card). */
export function TextPreview({ entity, fallback }: { entity: CloudEntity; fallback: React.ReactNode }) {
  const { t } = useTranslation();
  const url = entity.url;
  const size = entity.fileInfo?.size ?? 0;
  const query = useQuery({
    queryKey: ['cloud-text-preview', entity.id, url],
    queryFn: () => loadText(url!, size),
    enabled: url !== null,
    staleTime: Infinity,
    retry: false,
    meta: { silent: true },
  });
  if (query.isPending) {
    return (
      <Loader
        color="gray.4"
        className={classes.previewLoader}
        aria-label={t('cloudDialogs.preview.textLoading')}
      />
    );
  }
  if (query.isError || query.data.text === null) {
    return fallback;
  }
  return (
    <div className={classes.previewText} data-testid="preview-text">
      <pre className={classes.previewTextBody}>{query.data.text}</pre>
      {query.data.truncated ? (
        <Text size="xs" className={classes.previewTextNote}>
          {t('cloudDialogs.preview.textTruncated', {
            size: formatBytes(textPreviewBytes, currentLanguage()),
          })}
        </Text>
      ) : null}
    </div>
  );
}
