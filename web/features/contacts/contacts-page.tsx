import { useState } from 'react';
import {
  EmptyState,
  Pagination,
  Paper,
  Select,
  Skeleton,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAddressBook, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { contactSortValues, type ContactSort } from '../../../contracts/contacts';
import { useIsMobile } from '../../kernel/ui-store';
import { usePageTitle } from '../../kernel/use-page-title';
import { formatDate, useProject, projectPaths } from '../projects';
import { contactListQuery, type Contact } from './contacts-api';
import { ContactApps, ContactPerson, SourceBadge } from './contact-person';
import { ContactRowActions } from './contact-row-actions';
import classes from './contacts.module.css';

function isContactSort(value: unknown): value is ContactSort {
  return typeof value === 'string' && (contactSortValues as readonly string[]).includes(value);
}

/** `/projects/{projectId}/contacts` (ROUTE-52): everyone the project knows, searchable, sorted and paged. */
export function ContactsPage() {
  const { t, i18n } = useTranslation();
  const isMobile = useIsMobile();
  const project = useProject();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 400);
  const [sort, setSort] = useState<ContactSort>('-createdAt');
  const [page, setPage] = useState(1);
  usePageTitle(`${t('workspace.contacts.title')} · ${project.name}`);

  const query = useQuery({
    ...contactListQuery(project.id, { page, sort, search: debouncedSearch }),
    placeholderData: keepPreviousData,
  });
  const contacts = query.data?.data ?? [];
  const meta = query.data?.meta;

  const open = (contact: Contact) => {
    const first = contact.profiles[0];
    if (first) {
      void navigate(projectPaths.contact(project.id, first.id));
    }
  };
  const date = (iso: string) => formatDate(iso, i18n.language);

  return (
    <div className={classes.page} data-mobile={isMobile || undefined} data-testid="contacts-page">
      <header className={classes.header}>
        <div>
          <Title order={1} className={classes.title}>
            {t('workspace.contacts.title')}
          </Title>
          <Text className={classes.lead}>
            {meta ? t('workspace.contacts.lead', { count: meta.total }) : t('workspace.contacts.leadLoading')}
          </Text>
        </div>
      </header>

      <div className={classes.toolbar}>
        <TextInput
          className={classes.search}
          leftSection={<IconSearch size={17} stroke={1.7} />}
          placeholder={t('workspace.contacts.search')}
          aria-label={t('workspace.contacts.search')}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          data-testid="contacts-search"
        />
        <Select
          className={classes.sort}
          aria-label={t('workspace.contacts.sortLabel')}
          value={sort}
          allowDeselect={false}
          onChange={(value) => {
            if (isContactSort(value)) {
              setSort(value);
              setPage(1);
            }
          }}
          data={contactSortValues.map((value) => ({ value, label: t(`workspace.contacts.sort.${value}`) }))}
          data-testid="contacts-sort"
        />
      </div>

      <Paper className={classes.panel}>
        {query.isPending ? (
          <Skeleton height={320} radius={0} />
        ) : contacts.length === 0 ? (
          <EmptyState
            className={classes.empty}
            size="sm"
            variant="light"
            icon={<IconAddressBook size={28} stroke={1.5} />}
            title={
              debouncedSearch ? t('workspace.contacts.noMatchTitle') : t('workspace.contacts.emptyTitle')
            }
            description={
              debouncedSearch
                ? t('workspace.contacts.noMatchText', { search: debouncedSearch })
                : t('workspace.contacts.emptyText')
            }
            data-testid="contacts-empty"
          />
        ) : isMobile ? (
          <div className={classes.cards} data-testid="contacts-list">
            {contacts.map((contact) => (
              <div
                key={contact.id}
                className={classes.cardRow}
                data-testid={`contact-${contact.email}`}
                onClick={() => open(contact)}
                data-clickable={contact.profiles.length > 0 || undefined}
              >
                <div className={classes.cardTop}>
                  <ContactPerson person={contact} />
                  <ContactRowActions projectId={project.id} contact={contact} />
                </div>
                <div className={classes.cardMeta}>
                  <SourceBadge source={contact.source} />
                  <Text size="xs" c="dimmed">
                    {t('workspace.contacts.addedOn', { date: date(contact.createdAt) })}
                  </Text>
                </div>
                <ContactApps contact={contact} />
              </div>
            ))}
          </div>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="lg" data-testid="contacts-list">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('workspace.contacts.columns.contact')}</Table.Th>
                  <Table.Th>{t('workspace.contacts.columns.source')}</Table.Th>
                  <Table.Th>{t('workspace.contacts.columns.apps')}</Table.Th>
                  <Table.Th>{t('workspace.contacts.columns.createdAt')}</Table.Th>
                  <Table.Th className={classes.actionsColumn} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {contacts.map((contact) => (
                  <Table.Tr
                    key={contact.id}
                    className={classes.tableRow}
                    data-clickable={contact.profiles.length > 0 || undefined}
                    onClick={() => open(contact)}
                    data-testid={`contact-${contact.email}`}
                  >
                    <Table.Td>
                      <ContactPerson person={contact} />
                    </Table.Td>
                    <Table.Td>
                      <SourceBadge source={contact.source} />
                    </Table.Td>
                    <Table.Td>
                      <ContactApps contact={contact} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{date(contact.createdAt)}</Text>
                    </Table.Td>
                    <Table.Td className={classes.actionsColumn}>
                      <ContactRowActions projectId={project.id} contact={contact} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>

      {meta && meta.pages > 1 ? (
        <div className={classes.pager}>
          <Text size="sm" c="dimmed">
            {t('workspace.contacts.pageInfo', { page: meta.page, pages: meta.pages })}
          </Text>
          <Pagination total={meta.pages} value={page} onChange={setPage} size={isMobile ? 'sm' : 'md'} />
        </div>
      ) : null}
    </div>
  );
}
