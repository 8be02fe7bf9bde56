import { useState } from 'react';
import {
  ActionIcon,
  Button,
  Group,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBookmark, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dayjs } from '../../i18n/dayjs';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { SavedSearch } from '../../../contracts/cloud';
import { cloudDefaults } from '../../../contracts/constants';
import { cloudKeys, savedSearchesQuery } from './cloud-api';
import { deleteSavedSearch, saveSearch, type SavedSearchFilters } from './cloud-changes';
import { useCloudScope } from './cloud-scope';
import classes from './search.module.css';

/** The name field's limit (contracts/cloud.ts `savedSearchBodySchema`). */
const maxNameLength = 100;

const shownDate = (date: string) => dayjs(date.slice(0, 10)).format(cloudDefaults.searchTableDateFormat);

/** One line that says what a saved search finds: "„foto“ · png, pdf · 01.05.2024 – 31.05.2024". */
export function savedSearchSummary(filters: SavedSearchFilters, t: TFunction): string {
  const parts: string[] = [];
  if (filters.search) {
    parts.push(t('cloudSearch.saved.term', { term: filters.search }));
  }
  if (filters.ext && filters.ext.length > 0) {
    parts.push(filters.ext.join(', '));
  }
  if (filters.dateFrom && filters.dateTo) {
    parts.push(`${shownDate(filters.dateFrom)} – ${shownDate(filters.dateTo)}`);
  } else if (filters.dateFrom) {
    parts.push(t('cloudSearch.saved.from', { date: shownDate(filters.dateFrom) }));
  } else if (filters.dateTo) {
    parts.push(t('cloudSearch.saved.to', { date: shownDate(filters.dateTo) }));
  }
  return parts.length > 0 ? parts.join(' · ') : t('cloudSearch.saved.everything');
}

type SaveSearchButtonProps = {
  /** Nothing to save without a term or a filter. */
  canSave: boolean;
  onClick: () => void;
};

export function SaveSearchButton({ canSave, onClick }: SaveSearchButtonProps) {
  const { t } = useTranslation();
  return (
    <Tooltip label={t('cloudSearch.saved.nothingToSave')} disabled={canSave} withinPortal multiline w={240}>
      <Button
        variant="light"
        leftSection={<IconBookmark size={16} stroke={1.8} />}
        disabled={!canSave}
        onClick={onClick}
        data-testid="cloud-save-search"
      >
        {t('cloudSearch.saved.save')}
      </Button>
    </Tooltip>
  );
}

type SaveSearchFormProps = {
  filters: SavedSearchFilters;
  onDone: () => void;
};

/** "Save search" (spec §2): asks for a name, then stores the current term and filters. */
export function SaveSearchForm({ filters, onDone }: SaveSearchFormProps) {
  const { t } = useTranslation();
  const scope = useCloudScope();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const save = useMutation({
    mutationFn: (chosen: string) => saveSearch(scope, chosen, filters),
    onSuccess: (saved) => {
      notifications.show({
        color: 'teal',
        message: t('cloudSearch.saved.savedNotice', { name: saved.name }),
      });
      void queryClient.invalidateQueries({ queryKey: cloudKeys.searches(scope) });
      onDone();
    },
  });
  const trimmed = name.trim();

  return (
    <form
      className={classes.saveForm}
      onSubmit={(event) => {
        event.preventDefault();
        if (trimmed) {
          save.mutate(trimmed);
        }
      }}
      data-testid="cloud-save-search-form"
    >
      <TextInput
        label={t('cloudSearch.saved.nameLabel')}
        placeholder={t('cloudSearch.saved.namePlaceholder')}
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            onDone();
          }
        }}
        maxLength={maxNameLength}
        autoFocus
        // Escape here leaves the naming only; the drawer skips Escape from elements marked like this.
        data-mantine-stop-propagation
        data-testid="cloud-save-search-name"
      />
      <Group justify="flex-end" gap="xs">
        <Button variant="subtle" color="gray" onClick={onDone}>
          {t('cloudSearch.saved.cancel')}
        </Button>
        <Button
          type="submit"
          disabled={!trimmed}
          loading={save.isPending}
          data-testid="cloud-save-search-confirm"
        >
          {t('cloudSearch.saved.confirm')}
        </Button>
      </Group>
    </form>
  );
}

type SavedSearchListProps = {
  onApply: (filters: SavedSearchFilters) => void;
  enabled: boolean;
};

/** The saved searches of this library: a click applies one, the bin deletes it. */
export function SavedSearchList({ onApply, enabled }: SavedSearchListProps) {
  const { t } = useTranslation();
  const scope = useCloudScope();
  const queryClient = useQueryClient();
  const searches = useQuery({ ...savedSearchesQuery(scope), enabled });
  const remove = useMutation({
    mutationFn: (search: SavedSearch) => deleteSavedSearch(scope, search.id),
    onSuccess: () => {
      notifications.show({ color: 'teal', message: t('cloudSearch.saved.deletedNotice') });
      void queryClient.invalidateQueries({ queryKey: cloudKeys.searches(scope) });
    },
  });

  if (searches.isPending) {
    return (
      <Stack gap={6}>
        <Skeleton height={44} radius="md" />
        <Skeleton height={44} radius="md" />
      </Stack>
    );
  }
  const list = searches.data ?? [];
  if (list.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="cloud-saved-searches-empty">
        {t('cloudSearch.saved.empty')}
      </Text>
    );
  }
  return (
    <ul className={classes.savedList} data-testid="cloud-saved-searches">
      {list.map((search) => (
        <li key={search.id} className={classes.savedItem} data-testid="cloud-saved-search">
          <UnstyledButton
            className={classes.savedApply}
            onClick={() => onApply(search.filters)}
            aria-label={t('cloudSearch.saved.apply', { name: search.name })}
          >
            <Text size="sm" fw={600} truncate>
              {search.name}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {savedSearchSummary(search.filters, t)}
            </Text>
          </UnstyledButton>
          <Tooltip label={t('cloudSearch.saved.delete', { name: search.name })} withinPortal>
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={() => remove.mutate(search)}
              loading={remove.isPending && remove.variables.id === search.id}
              aria-label={t('cloudSearch.saved.delete', { name: search.name })}
              data-testid="cloud-saved-search-delete"
            >
              <IconTrash size={16} stroke={1.8} />
            </ActionIcon>
          </Tooltip>
        </li>
      ))}
    </ul>
  );
}
