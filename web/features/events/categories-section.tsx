import { useState, type FormEvent } from 'react';
import { ActionIcon, Button, Modal, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { eventCategoryBodySchema, eventLimits, type EventCategory } from '../../../contracts/events';
import { ConfirmActions } from '../../components/confirm-actions';
import { LoadFailedState } from '../../components/empty-state';
import { useFormChecks, useIssueText } from '../../components/form-issues';
import { useCurrentApp } from '../../kernel/current-app';
import { AccountSection } from '../account';
import { ItemMenu, moveItem, SortableList, type Reorder } from '../community-settings';
import { eventCategoriesQuery, useEventCategoryMutations } from './events-api';
import classes from './events-settings.module.css';

/** A category's name, typed in place: a new one at the top of the list, or a rename in its row. */
function NameForm({
  category,
  onDone,
  focus = false,
}: {
  category: EventCategory | null;
  onDone: () => void;
  /** Takes the focus when shown (a rename, or the next category after one was added). */
  focus?: boolean;
}) {
  const { t } = useTranslation();
  const issueText = useIssueText();
  const [name, setName] = useState(category?.name ?? '');
  const { create, update } = useEventCategoryMutations();
  const checks = useFormChecks(eventCategoryBodySchema, { name });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!checks.check()) {
      return;
    }
    const onSuccess = () => {
      notifications.show({
        color: 'teal',
        message: t('eventSettings.categories.saved', { name: name.trim() }),
      });
      onDone();
    };
    if (category) {
      update.mutate({ id: category.id, name }, { onSuccess, onError: checks.takeServerIssues });
    } else {
      create.mutate({ name }, { onSuccess, onError: checks.takeServerIssues });
    }
  };
  const label = t(category ? 'eventSettings.categories.rename' : 'eventSettings.categories.newName');
  return (
    <form onSubmit={submit} noValidate className={classes.nameForm} data-testid="event-category-form">
      <TextInput
        aria-label={label}
        placeholder={t('eventSettings.categories.placeholder')}
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        onKeyDown={(event) => event.key === 'Escape' && category && onDone()}
        error={issueText(checks.issues.name ?? checks.serverIssues.name)}
        maxLength={eventLimits.categoryName}
        className={classes.nameInput}
        autoFocus={focus}
        data-testid="event-category-name"
      />
      {category ? (
        <>
          <ActionIcon
            type="submit"
            size={36}
            aria-label={t('eventSettings.categories.saveName')}
            loading={update.isPending}
          >
            <IconCheck size={18} stroke={1.8} />
          </ActionIcon>
          <ActionIcon variant="default" size={36} aria-label={t('common.cancel')} onClick={onDone}>
            <IconX size={18} stroke={1.8} />
          </ActionIcon>
        </>
      ) : (
        <Button
          type="submit"
          leftSection={<IconPlus size={17} stroke={1.8} />}
          loading={create.isPending}
          data-testid="event-category-add"
        >
          {t('eventSettings.categories.add')}
        </Button>
      )}
    </form>
  );
}

/** settings/events' categories: add, rename in place, reorder (drag or the menu's up / down), delete. */
export function CategoriesSection() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const list = useQuery(eventCategoriesQuery(app.id));
  const { move, remove } = useEventCategoryMutations();
  const [renaming, setRenaming] = useState<string | null>(null);
  // A new name field after each category added: empty, and not yet checked.
  const [added, setAdded] = useState(0);
  const [deleting, setDeleting] = useState<EventCategory | null>(null);
  const categories = list.data?.data ?? [];

  const queryClient = useQueryClient();
  // The new order shows at once; the answer (or the failure) reads the list again.
  const reorder = ({ items, moved, prevId }: Reorder<EventCategory>) => {
    queryClient.setQueryData(eventCategoriesQuery(app.id).queryKey, (old) => old && { ...old, data: items });
    move.mutate({ id: moved.id, prevId }, { onError: () => void list.refetch() });
  };
  const moveBy = (index: number, direction: -1 | 1) => {
    const moved = moveItem(categories, index, index + direction);
    if (moved) {
      reorder(moved);
    }
  };
  const confirmDelete = (category: EventCategory) =>
    remove.mutate(category.id, {
      onSuccess: () => {
        notifications.show({
          color: 'teal',
          message: t('eventSettings.categories.deleted', { name: category.name }),
        });
        setDeleting(null);
      },
      onError: () => setDeleting(null),
    });

  return (
    <AccountSection
      title={t('eventSettings.categories.title')}
      text={t('eventSettings.categories.text')}
      testId="event-categories"
    >
      <Stack gap="md">
        <NameForm
          key={added}
          category={null}
          focus={added > 0}
          onDone={() => setAdded((count) => count + 1)}
        />
        {list.isPending ? (
          <Skeleton height={120} radius="lg" />
        ) : list.isError ? (
          <LoadFailedState
            error={list.error}
            title={t('eventSettings.loadError')}
            onRetry={() => void list.refetch()}
          />
        ) : categories.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="event-categories-empty">
            {t('eventSettings.categories.empty')}
          </Text>
        ) : (
          <SortableList
            items={categories}
            nameOf={(category) => category.name}
            canMove={() => !move.isPending}
            onMove={reorder}
            testId="event-category-list"
            renderItem={(category, handle, index) => (
              <div className={classes.row} data-testid="event-category-row">
                {handle}
                {renaming === category.id ? (
                  <NameForm category={category} focus onDone={() => setRenaming(null)} />
                ) : (
                  <>
                    <div className={classes.rowText}>
                      <Text fw={600}>{category.name}</Text>
                      <Text size="xs" c="dimmed">
                        {t('eventSettings.categories.count', { count: category.eventsCount })}
                      </Text>
                    </div>
                    <ItemMenu
                      name={category.name}
                      onEdit={() => setRenaming(category.id)}
                      onMove={(direction) => moveBy(index, direction)}
                      isFirst={index === 0}
                      isLast={index === categories.length - 1}
                      onDelete={() => setDeleting(category)}
                      testId="event-category-menu"
                    />
                  </>
                )}
              </div>
            )}
          />
        )}
      </Stack>
      {deleting ? (
        <Modal
          opened
          onClose={() => setDeleting(null)}
          title={t('eventSettings.categories.deleteTitle', { name: deleting.name })}
          radius="lg"
        >
          <Text size="sm">{t('eventSettings.categories.deleteText', { count: deleting.eventsCount })}</Text>
          <ConfirmActions
            onCancel={() => setDeleting(null)}
            onConfirm={() => confirmDelete(deleting)}
            confirmLabel={t('eventSettings.categories.delete')}
            confirmIcon={<IconTrash size={18} stroke={1.8} />}
            loading={remove.isPending}
            testId="event-category-delete"
          />
        </Modal>
      ) : null}
    </AccountSection>
  );
}
