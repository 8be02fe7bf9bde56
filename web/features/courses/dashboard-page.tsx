import { useState } from 'react';
import { Badge, EmptyState, Pagination, Paper, Progress, Skeleton, Table, Text, Title } from '@mantine/core';
import { IconSchool } from '@tabler/icons-react';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { courseDashboardSchema } from '../../../contracts/courses';
import { api } from '../../api/client';
import { useIsMobile } from '../../kernel/ui-store';
import { usePageTitle } from '../../kernel/use-page-title';
import { useProject } from '../projects';
import classes from './courses.module.css';

export const courseDashboardQuery = (projectId: string, page: number) =>
  queryOptions({
    queryKey: ['courses', 'dashboard', projectId, page] as const,
    queryFn: ({ signal }) =>
      api.get(`/projects/${projectId}/courses`, { query: { page }, schema: courseDashboardSchema, signal }),
  });

/**
 * `/projects/{projectId}/courses` (ROUTE-57, the service host's courses dashboard): the courses of every app of the
 * project with their enrolments, completions and completion rate.
 */
export function CourseDashboardPage() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const project = useProject();
  const [page, setPage] = useState(1);
  usePageTitle(`${t('courses.dashboard.title')} · ${project.name}`);
  const query = useQuery({ ...courseDashboardQuery(project.id, page), placeholderData: keepPreviousData });
  const rows = query.data?.data ?? [];
  const meta = query.data?.meta;

  return (
    <div className={classes.dashboard} data-testid="courses-dashboard">
      <Title order={1} className={classes.dashboardTitle}>
        {t('courses.dashboard.title')}
      </Title>
      <Text className={classes.dashboardLead}>{t('courses.dashboard.lead')}</Text>
      <Paper withBorder radius="md" mt="lg">
        {query.isPending ? (
          <Skeleton height={240} />
        ) : rows.length === 0 ? (
          <EmptyState
            size="sm"
            variant="light"
            icon={<IconSchool size={28} stroke={1.5} />}
            title={t('courses.dashboard.emptyTitle')}
            description={t('courses.dashboard.emptyText')}
          />
        ) : (
          <Table.ScrollContainer minWidth={isMobile ? 560 : 0}>
            <Table verticalSpacing="sm" horizontalSpacing="md">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('courses.dashboard.course')}</Table.Th>
                  <Table.Th>{t('courses.dashboard.app')}</Table.Th>
                  <Table.Th ta="right">{t('courses.dashboard.enrollments')}</Table.Th>
                  <Table.Th ta="right">{t('courses.dashboard.completions')}</Table.Th>
                  <Table.Th>{t('courses.dashboard.rate')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.id} data-testid={`dashboard-course-${row.slug}`}>
                    <Table.Td>
                      <Text fw={600}>{row.name}</Text>
                      <Text size="sm" c="dimmed">
                        {t(`courses.type.${row.type}`)} ·{' '}
                        {t('courses.lessonsCount', { count: row.lessonsCount })}
                        {row.isPublished ? null : (
                          <Badge ml="xs" size="xs" variant="light" color="gray">
                            {t('courses.draft')}
                          </Badge>
                        )}
                      </Text>
                    </Table.Td>
                    <Table.Td>{row.appName}</Table.Td>
                    <Table.Td ta="right">{row.enrollments}</Table.Td>
                    <Table.Td ta="right">{row.completions}</Table.Td>
                    <Table.Td miw={140}>
                      <Text size="sm">{t('courses.percent', { percent: row.completionRate })}</Text>
                      <Progress
                        value={row.completionRate}
                        size="sm"
                        aria-label={t('courses.dashboard.rateOf', { name: row.name })}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      {meta && meta.pages > 1 ? (
        <Pagination mt="md" total={meta.pages} value={page} onChange={setPage} />
      ) : null}
    </div>
  );
}
