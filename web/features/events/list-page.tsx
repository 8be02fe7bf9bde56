import { Button, Chip, Group, SegmentedControl, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconPlus } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { Event } from '../../../contracts/events';
import { EmptyState, LoadFailedState } from '../../components/empty-state';
import { appCan, useCurrentApp } from '../../kernel/current-app';
import { useIsAuthenticated } from '../../kernel/session/account-store';
import { usePageTitle } from '../../kernel/use-page-title';
import { EventCard, useEventClock } from './event-card';
import { eventCategoriesQuery, eventListQuery } from './events-api';
import { eventsLinks } from './events-links';
import { formatDay, todayIn, zonedParts, type DateKey } from './events-time';
import { MonthView } from './month-view';
import { WeekView } from './week-view';
import classes from './events.module.css';

const views = ['list', 'month', 'week'] as const;
const listFilters = ['upcoming', 'past', 'self'] as const;
type ListFilter = (typeof listFilters)[number];

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.find((candidate) => candidate === value) ?? fallback;

/** The occurrences grouped by their local day on the member's clocks, in the list's order. */
export function groupByDay(events: Event[], timeZone: string): [DateKey, Event[]][] {
  const days = new Map<DateKey, Event[]>();
  for (const event of events) {
    const day = zonedParts(event.occurrence.startsAt, timeZone).date;
    days.set(day, [...(days.get(day) ?? []), event]);
  }
  return [...days];
}

function EventList({ filter, categoryId }: { filter: ListFilter; categoryId: string | null }) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const { zone, language } = useEventClock();
  const list = useInfiniteQuery(eventListQuery(app.id, filter, categoryId, zone));
  if (list.isPending) {
    return (
      <Stack gap="md">
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} height={112} radius="lg" />
        ))}
      </Stack>
    );
  }
  if (list.isError) {
    return (
      <LoadFailedState error={list.error} title={t('events.error')} onRetry={() => void list.refetch()} />
    );
  }
  const events = list.data.pages.flatMap((page) => page.data);
  if (events.length === 0) {
    return (
      <EmptyState
        icon={<IconCalendarEvent size={28} stroke={1.6} />}
        title={t(`events.empty.${filter}`)}
        text={filter === 'upcoming' ? t('events.empty.upcomingText') : undefined}
        testId="events-empty"
      />
    );
  }
  const today = todayIn(zone);
  return (
    <div data-testid="events-list">
      {groupByDay(events, zone).map(([day, ofDay]) => (
        <section key={day} className={classes.day} aria-labelledby={`day-${day}`}>
          <h2 id={`day-${day}`} className={classes.dayHeading}>
            {day === today ? <span className={classes.todayMark}>{t('events.today')}</span> : null}
            {formatDay(day, language, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })}
          </h2>
          <Stack gap="sm">
            {ofDay.map((event) => (
              <EventCard key={`${event.id} ${event.occurrence.id}`} event={event} />
            ))}
          </Stack>
        </section>
      ))}
      {list.hasNextPage ? (
        <Group justify="center" mt="lg">
          <Button
            variant="default"
            loading={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {t('events.more')}
          </Button>
        </Group>
      ) : null}
    </div>
  );
}

/** `/{appSlug}/events`: the occurrences as a list by day, a month or a week, filtered by category. */
export function EventsListPage() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const signedIn = useIsAuthenticated();
  usePageTitle(t('events.title'));
  const [params, setParams] = useSearchParams();
  const view = oneOf(views, params.get('view'), 'list');
  const filter = oneOf(listFilters, params.get('filter'), 'upcoming');
  const categoryId = params.get('category');
  const categories = useQuery(eventCategoriesQuery(app.id));

  const change = (values: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(values)) {
          if (value === null || value === '') {
            next.delete(key);
          } else {
            next.set(key, value);
          }
        }
        return next;
      },
      { replace: true },
    );

  const filters = signedIn ? listFilters : listFilters.filter((value) => value !== 'self');
  const categoryList = categories.data?.data ?? [];

  return (
    <div className={classes.page} data-testid="events-page">
      <Group component="header" justify="space-between" align="flex-end" gap="md" mb="lg">
        <div>
          <Title order={1} fz="clamp(1.6rem, 4vw, 2.2rem)">
            {t('events.title')}
          </Title>
          <Text c="dimmed">{t('events.lead')}</Text>
        </div>
        {appCan(app, 'create_event') ? (
          <Button
            component={Link}
            to={eventsLinks.create(app.slug)}
            leftSection={<IconPlus size={18} stroke={1.8} />}
            data-testid="event-create"
          >
            {t('events.new')}
          </Button>
        ) : null}
      </Group>
      <div className={classes.toolbar}>
        <SegmentedControl
          value={view}
          onChange={(value) => change({ view: value === 'list' ? null : value, date: null })}
          data={views.map((value) => ({ value, label: t(`events.view.${value}`) }))}
          aria-label={t('events.view.label')}
          data-testid="events-view"
        />
        {categoryList.length > 0 ? (
          <Chip.Group
            multiple={false}
            value={categoryId ?? 'all'}
            onChange={(value) => change({ category: value === 'all' ? null : value })}
          >
            <Group gap={8} role="group" aria-label={t('events.categories')}>
              {[{ id: 'all', name: t('events.allCategories') }, ...categoryList].map((category) => (
                <Chip key={category.id} value={category.id} variant="outline">
                  {category.name}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        ) : null}
      </div>
      {view === 'list' ? (
        <>
          <Tabs value={filter} onChange={(value) => change({ filter: value === 'upcoming' ? null : value })}>
            <Tabs.List className={classes.filterTabs}>
              {filters.map((value) => (
                <Tabs.Tab key={value} value={value} data-testid={`events-filter-${value}`}>
                  {t(`events.filter.${value}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
          <div className={classes.results}>
            <EventList filter={filter} categoryId={categoryId} />
          </div>
        </>
      ) : view === 'month' ? (
        <MonthView
          anchor={params.get('date')}
          categoryId={categoryId}
          onAnchor={(date) => change({ date })}
        />
      ) : (
        <WeekView anchor={params.get('date')} categoryId={categoryId} onAnchor={(date) => change({ date })} />
      )}
    </div>
  );
}
