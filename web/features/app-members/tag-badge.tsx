import { Badge } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DefaultMemberTag } from '../../../contracts/enums';

export type TagLike = { id: string; name: string; color?: string; kind: DefaultMemberTag | null };

const defaultTagColor: Record<DefaultMemberTag, string> = { blocked: 'red', punished: 'orange' };

/** A tag's name as people read it: the default tags in the screen's language, the others as named. */
export function useTagName(): (tag: Pick<TagLike, 'name' | 'kind'>) => string {
  const { t } = useTranslation();
  return (tag) => (tag.kind ? t(`members.tags.defaults.${tag.kind}`) : tag.name);
}

/** One tag as a small coloured label; the default tags carry a lock. */
export function TagBadge({ tag, size = 'sm' }: { tag: TagLike; size?: 'xs' | 'sm' | 'md' }) {
  const nameOf = useTagName();
  const color = tag.kind ? defaultTagColor[tag.kind] : tag.color || 'gray';
  return (
    <Badge
      size={size}
      radius="sm"
      variant="light"
      color={color}
      leftSection={tag.kind ? <IconLock size={11} stroke={2} /> : null}
      styles={{ root: { textTransform: 'none', fontWeight: 600 } }}
      data-testid="tag-badge"
    >
      {nameOf(tag)}
    </Badge>
  );
}
