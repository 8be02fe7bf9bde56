import { Fragment, useEffect, useRef } from 'react';
import { Skeleton, Text, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useDroppable } from '@dnd-kit/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CloudList } from '../../../contracts/cloud';
import { timing } from '../../../contracts/constants';
import { cloudPathQuery } from './cloud-api';
import { myFiles, useCloudScope, type CloudLocation } from './cloud-scope';
import classes from './cloud-library.module.css';

type Segment = { key: string; label: string; location: CloudLocation; folderId: string | null };

function Crumb({ segment, current, onNavigate }: { segment: Segment; current: boolean; onNavigate: (location: CloudLocation) => void }) {
  // Items dragged onto an ancestor in the path move there.
  const drop = useDroppable({
    id: `crumb:${segment.key}`,
    disabled: current || segment.folderId === null,
    data: { folderId: segment.folderId },
  });
  return (
    <UnstyledButton
      ref={drop.setNodeRef}
      className={classes.crumb}
      data-current={current || undefined}
      data-drop-over={drop.isOver || undefined}
      aria-current={current ? 'location' : undefined}
      onClick={() => onNavigate(segment.location)}
      data-testid="cloud-crumb"
    >
      {segment.label}
    </UnstyledButton>
  );
}

/**
 * Where the library is, with the folder and file counts of what it lists (spec §2 "breadcrumb bar"). A deep
 * path scrolls to its end 100 ms after it changes (spec §9).
 */
export function BreadcrumbBar({
  location,
  meta,
  onNavigate,
}: {
  location: CloudLocation;
  meta: CloudList['meta'] | undefined;
  onNavigate: (location: CloudLocation) => void;
}) {
  const { t } = useTranslation();
  const scope = useCloudScope();
  const scroller = useRef<HTMLDivElement>(null);
  const path = useQuery({
    ...cloudPathQuery(scope, location.kind === 'folder' ? location.id : ''),
    enabled: location.kind === 'folder',
  });

  const segments: Segment[] =
    location.kind === 'pseudo'
      ? [{ key: location.folder, label: t(`cloud.folders.${location.folder}`), location, folderId: location.folder === 'my' ? (meta?.rootId ?? null) : null }]
      : (path.data ?? []).map((folder, index) => ({
          key: folder.id,
          label: index === 0 ? t('cloud.folders.my') : folder.name,
          location: index === 0 ? myFiles : { kind: 'folder', id: folder.id },
          folderId: folder.id,
        }));

  const pathKey = segments.map((segment) => segment.key).join('/');
  useEffect(() => {
    const timer = window.setTimeout(() => {
      const element = scroller.current;
      if (element) {
        element.scrollLeft = element.scrollWidth;
      }
    }, timing.breadcrumbsScrollDelayMs);
    return () => window.clearTimeout(timer);
  }, [pathKey]);

  return (
    <div className={classes.breadcrumbBar} data-testid="cloud-breadcrumbs">
      <div ref={scroller} className={classes.crumbs}>
        {segments.length === 0 ? (
          <Skeleton height={20} width={180} radius="sm" />
        ) : (
          segments.map((segment, index) => (
            <Fragment key={segment.key}>
              {index > 0 ? <IconChevronRight size={14} className={classes.crumbSeparator} aria-hidden /> : null}
              <Crumb segment={segment} current={index === segments.length - 1} onNavigate={onNavigate} />
            </Fragment>
          ))
        )}
      </div>
      {meta ? (
        <Text size="xs" c="dimmed" className={classes.counts} data-testid="cloud-counts">
          {[
            meta.folders > 0 ? t('cloud.counts.folders', { count: meta.folders }) : null,
            t('cloud.counts.files', { count: meta.files }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      ) : null}
    </div>
  );
}
