import { useState } from 'react';
import { Button, Drawer, Group, SegmentedControl, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../kernel/ui-store';
import type { MemberFilter } from './members-api';
import { TagSelect } from './tag-select';
import classes from './app-members.module.css';

type DrawerFilter = Pick<MemberFilter, 'tagIds' | 'createdFrom' | 'createdTo' | 'invited'>;

export const emptyDrawerFilter: DrawerFilter = { tagIds: [], createdFrom: '', createdTo: '', invited: null };

type InvitedChoice = 'all' | 'only' | 'without';
const choiceOf = (invited: boolean | null): InvitedChoice =>
  invited === null ? 'all' : invited ? 'only' : 'without';
const invitedOf = (choice: InvitedChoice): boolean | null => (choice === 'all' ? null : choice === 'only');

function FilterForm({
  initial,
  onApply,
}: {
  initial: DrawerFilter;
  onApply: (filter: DrawerFilter) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<DrawerFilter>(initial);
  const set = <K extends keyof DrawerFilter>(field: K, value: DrawerFilter[K]) =>
    setDraft((current) => ({ ...current, [field]: value }));
  const rangeInvalid =
    draft.createdFrom !== '' && draft.createdTo !== '' && draft.createdFrom > draft.createdTo;

  return (
    <form
      className={classes.drawerForm}
      onSubmit={(event) => {
        event.preventDefault();
        if (!rangeInvalid) {
          onApply(draft);
        }
      }}
      data-testid="member-filters"
    >
      <Stack gap="lg" className={classes.drawerBody}>
        <TagSelect
          includeDefault
          label={t('members.filters.tags')}
          placeholder={t('members.filters.tagsPlaceholder')}
          value={draft.tagIds}
          onChange={(tagIds) => set('tagIds', tagIds)}
          testId="filter-tags"
        />
        <div>
          <div className={classes.fieldLabel}>{t('members.filters.created')}</div>
          <SimpleGrid cols={2} spacing="sm">
            <TextInput
              type="date"
              aria-label={t('members.filters.createdFrom')}
              description={t('members.filters.createdFrom')}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              value={draft.createdFrom}
              max={draft.createdTo || undefined}
              onChange={(event) => set('createdFrom', event.currentTarget.value)}
            />
            <TextInput
              type="date"
              aria-label={t('members.filters.createdTo')}
              description={t('members.filters.createdTo')}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              value={draft.createdTo}
              min={draft.createdFrom || undefined}
              onChange={(event) => set('createdTo', event.currentTarget.value)}
              error={rangeInvalid ? t('members.filters.rangeInvalid') : null}
            />
          </SimpleGrid>
        </div>
        <div>
          <div className={classes.fieldLabel}>{t('members.filters.invited')}</div>
          <SegmentedControl
            fullWidth
            value={choiceOf(draft.invited)}
            onChange={(value) => set('invited', invitedOf(value))}
            data={(['all', 'only', 'without'] as const).map((choice) => ({
              value: choice,
              label: t(`members.filters.invitedChoices.${choice}`),
            }))}
          />
        </div>
      </Stack>
      <Group className={classes.drawerFooter} justify="space-between">
        <Button variant="subtle" color="gray" onClick={() => setDraft(emptyDrawerFilter)}>
          {t('members.filters.reset')}
        </Button>
        <Button type="submit" disabled={rangeInvalid} data-testid="filters-apply">
          {t('members.filters.apply')}
        </Button>
      </Group>
    </form>
  );
}

/** The filter side panel of the members list; changes apply together with "Anwenden". */
export function MemberFiltersDrawer({
  opened,
  filter,
  onClose,
  onApply,
}: {
  opened: boolean;
  filter: MemberFilter;
  onClose: () => void;
  onApply: (filter: DrawerFilter) => void;
}) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const initial: DrawerFilter = {
    tagIds: filter.tagIds,
    createdFrom: filter.createdFrom,
    createdTo: filter.createdTo,
    invited: filter.invited,
  };
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position={isMobile ? 'bottom' : 'right'}
      size={isMobile ? 'auto' : 420}
      title={t('members.filters.title')}
      classNames={{ content: classes.drawerContent }}
    >
      {opened ? <FilterForm initial={initial} onApply={onApply} /> : null}
    </Drawer>
  );
}
