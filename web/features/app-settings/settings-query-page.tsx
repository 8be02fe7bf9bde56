import type { ReactNode } from 'react';
import { Button, Skeleton, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SettingsPageHeader } from './settings-page-header';

type SettingsQueryPageProps<T> = {
  title: string;
  lead?: string;
  /** The settings the form edits. */
  query: UseQueryResult<T>;
  /** What the page says when they could not be loaded (a retry button follows). */
  loadError: string;
  /** Heights of the skeleton blocks standing in for the form while it loads. */
  skeletons: readonly number[];
  /** Test ids `${testId}-error` and `${testId}-loading`. */
  testId: string;
  /** The form for loaded settings; `key` starts it afresh when they are read again. */
  children: (data: T, key: number) => ReactNode;
};

/** A settings screen of one query: its header, then a retry on failure, skeletons while loading, or the form. */
export function SettingsQueryPage<T>({
  title,
  lead,
  query,
  loadError,
  skeletons,
  testId,
  children,
}: SettingsQueryPageProps<T>) {
  const { t } = useTranslation();
  let content;
  if (query.isError) {
    content = (
      <Stack align="flex-start" gap="sm" data-testid={`${testId}-error`}>
        <Text>{loadError}</Text>
        <Button
          variant="default"
          leftSection={<IconRefresh size={17} />}
          onClick={() => void query.refetch()}
        >
          {t('common.retry')}
        </Button>
      </Stack>
    );
  } else if (query.data === undefined) {
    content = (
      <Stack gap="md" aria-busy="true" data-testid={`${testId}-loading`}>
        {skeletons.map((height, index) => (
          <Skeleton key={index} height={height} radius="lg" />
        ))}
      </Stack>
    );
  } else {
    content = children(query.data, query.dataUpdatedAt);
  }
  return (
    <>
      <SettingsPageHeader title={title} lead={lead} />
      {content}
    </>
  );
}
