import { Select } from '@mantine/core';
import { IconFolders } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ComposerTarget } from './composer-values';

/** A target's value in the select: its kind and id, since a space and a category could share nothing else. */
export const targetKey = (target: Pick<ComposerTarget, 'kind' | 'id'>) => `${target.kind}:${target.id}`;

type TargetPickerProps = {
  targets: readonly ComposerTarget[];
  value: ComposerTarget | null;
  onChange: (target: ComposerTarget | null) => void;
  loading: boolean;
  error: string | null;
  /** Default: "Post in". */
  label?: string;
};

/**
 * Where a post written from a feed goes: the spaces (grouped) and communities categories the member may post in
 * (their `create_post`), as one searchable select.
 */
export function TargetPicker({ targets, value, onChange, loading, error, label }: TargetPickerProps) {
  const { t } = useTranslation();
  const spaces = targets.filter((target) => target.kind === 'space');
  const categories = targets.filter((target) => target.kind === 'category');
  const itemsOf = (list: ComposerTarget[]) =>
    list.map((target) => ({ value: targetKey(target), label: target.name }));
  const data = [
    ...(spaces.length > 0 ? [{ group: t('communityComposer.target.spaces'), items: itemsOf(spaces) }] : []),
    ...(categories.length > 0
      ? [{ group: t('communityComposer.target.categories'), items: itemsOf(categories) }]
      : []),
  ];

  return (
    <Select
      label={label ?? t('communityComposer.target.label')}
      placeholder={
        loading ? t('communityComposer.target.loading') : t('communityComposer.target.placeholder')
      }
      leftSection={<IconFolders size={17} stroke={1.6} />}
      data={data}
      value={value ? targetKey(value) : null}
      onChange={(key) => onChange(targets.find((target) => targetKey(target) === key) ?? null)}
      searchable
      nothingFoundMessage={t('communityComposer.target.none')}
      error={error}
      required
      disabled={!loading && targets.length === 0}
      // Fixed to the viewport: the picker lives in dialogs and sheets, which are fixed themselves.
      comboboxProps={{ withinPortal: true, floatingStrategy: 'fixed' }}
      data-testid="composer-target"
    />
  );
}
