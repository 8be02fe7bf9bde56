import { useState } from 'react';
import { Button, Chip, Group, SimpleGrid, Skeleton, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSchool, IconSearch } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { courseLimits } from '../../../contracts/courses';
import { EmptyState, LoadFailedState } from '../../components/empty-state';
import { appCan, useCurrentApp } from '../../kernel/current-app';
import { useIsAuthenticated } from '../../kernel/session/account-store';
import { usePageTitle } from '../../kernel/use-page-title';
import { CourseCard } from './course-card';
import { CourseFormDialog } from './course-form';
import { courseCategoriesQuery, courseListQuery, type CourseListFilter } from './courses-api';
import classes from './courses.module.css';

const memberFilters = ['all', 'started', 'favorites'] as const satisfies readonly CourseListFilter[];
const managerFilters = [...memberFilters, 'drafts'] as const satisfies readonly CourseListFilter[];

function CourseGrid({
  filter,
  categoryId,
  search,
}: {
  filter: CourseListFilter;
  categoryId: string | null;
  search: string;
}) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const list = useInfiniteQuery(courseListQuery(app.id, { filter, categoryId, search }));
  if (list.isPending) {
    return (
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="lg">
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} height={300} radius="lg" />
        ))}
      </SimpleGrid>
    );
  }
  if (list.isError) {
    return (
      <LoadFailedState error={list.error} title={t('courses.error')} onRetry={() => void list.refetch()} />
    );
  }
  const courses = list.data.pages.flatMap((page) => page.data);
  if (courses.length === 0) {
    return (
      <EmptyState
        icon={<IconSchool size={28} stroke={1.6} />}
        title={t(search ? 'courses.empty.search' : `courses.empty.${filter}`)}
        testId="courses-empty"
      />
    );
  }
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="lg" data-testid="courses-list">
        {courses.map((course) => (
          <CourseCard key={course.id} course={course} />
        ))}
      </SimpleGrid>
      {list.hasNextPage ? (
        <Group justify="center" mt="lg">
          <Button
            variant="default"
            loading={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {t('courses.more')}
          </Button>
        </Group>
      ) : null}
    </>
  );
}

/** `/{appSlug}/courses`: the courses of the app by category, searched by name, with the member's progress. */
export function CataloguePage() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const signedIn = useIsAuthenticated();
  usePageTitle(t('courses.title'));
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const [search, setSearch] = useState(params.get('search') ?? '');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const canCreate = appCan(app, 'create_course');
  const filters: readonly CourseListFilter[] = canCreate
    ? managerFilters
    : signedIn
      ? memberFilters
      : ['all'];
  const filter = filters.find((value) => value === params.get('filter')) ?? 'all';
  const categoryId = params.get('category');
  const categories = useQuery(courseCategoriesQuery(app.id));
  const categoryList = categories.data?.data ?? [];

  const change = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) {
          next.set(key, value);
        } else {
          next.delete(key);
        }
        return next;
      },
      { replace: true },
    );

  return (
    <div className={classes.page} data-testid="courses-page">
      <Group component="header" justify="space-between" align="flex-end" gap="md" mb="lg">
        <div>
          <Title order={1} fz="clamp(1.6rem, 4vw, 2.2rem)">
            {t('courses.title')}
          </Title>
          <Text c="dimmed">{t('courses.lead')}</Text>
        </div>
        {canCreate ? (
          <Button
            leftSection={<IconPlus size={18} stroke={1.8} />}
            onClick={() => setCreating(true)}
            data-testid="course-create"
          >
            {t('courses.new')}
          </Button>
        ) : null}
      </Group>
      <div className={classes.toolbar}>
        <TextInput
          className={classes.search}
          type="search"
          aria-label={t('courses.search')}
          placeholder={t('courses.search')}
          leftSection={<IconSearch size={17} stroke={1.7} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          maxLength={courseLimits.search}
          data-testid="courses-search"
        />
        {categoryList.length > 0 ? (
          <Chip.Group
            multiple={false}
            value={categoryId ?? 'all'}
            onChange={(value) => change('category', value === 'all' ? null : value)}
          >
            <Group gap={8} role="group" aria-label={t('courses.categories')}>
              {[{ id: 'all', name: t('courses.allCategories') }, ...categoryList].map((category) => (
                <Chip key={category.id} value={category.id} variant="outline">
                  {category.name}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        ) : null}
      </div>
      {filters.length > 1 ? (
        <Tabs value={filter} onChange={(value) => change('filter', value === 'all' ? null : value)}>
          <Tabs.List className={classes.filterTabs}>
            {filters.map((value) => (
              <Tabs.Tab key={value} value={value} data-testid={`courses-filter-${value}`}>
                {t(`courses.filter.${value}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      ) : null}
      <div className={classes.results}>
        <CourseGrid filter={filter} categoryId={categoryId} search={debounced} />
      </div>
      {creating ? <CourseFormDialog course={null} onClose={() => setCreating(false)} /> : null}
    </div>
  );
}
