import { useState } from 'react';
import { Button, Modal, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconForms, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { customFieldLimits } from '../../../contracts/custom-fields';
import { appCan, useCurrentApp } from '../../kernel/current-app';
import { useIsMobile } from '../../kernel/ui-store';
import { ConfirmActions } from '../../components/confirm-actions';
import { SettingsPageHeader, settingsPaths } from '../app-settings';
import { CustomFieldRow } from './custom-field-row';
import { customFieldsApi, customFieldsQuery, moveWithin, type CustomField } from './custom-fields-api';
import classes from './custom-fields.module.css';

/** German and English words for what a screen reader hears while a field is dragged. */
function useAnnouncements(fields: CustomField[]): Announcements {
  const { t } = useTranslation();
  const labelOf = (id: string | number) => fields.find((field) => field.id === id)?.label ?? '';
  const positionOf = (id: string | number | undefined) => fields.findIndex((field) => field.id === id) + 1;
  return {
    onDragStart: ({ active }) => t('appSettings.customFields.dnd.start', { label: labelOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over
        ? t('appSettings.customFields.dnd.over', { label: labelOf(active.id), position: positionOf(over.id) })
        : undefined,
    onDragEnd: ({ active, over }) =>
      t('appSettings.customFields.dnd.end', { label: labelOf(active.id), position: positionOf(over?.id) }),
    onDragCancel: ({ active }) => t('appSettings.customFields.dnd.cancel', { label: labelOf(active.id) }),
  };
}

function FieldList({ fields }: { fields: CustomField[] }) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const isMobile = useIsMobile();
  const queryClient = useQueryClient();
  const paths = settingsPaths(app.slug);
  const queryKey = customFieldsQuery(app.id).queryKey;
  const [deleting, setDeleting] = useState<CustomField | null>(null);
  const announcements = useAnnouncements(fields);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const move = useMutation({
    mutationFn: ({ id, prevId }: { id: string; prevId: string | null; order: CustomField[] }) =>
      customFieldsApi.move(id, prevId),
    // The new order shows at once; a refusal brings the server's order back.
    onMutate: ({ order }) => {
      queryClient.setQueryData(queryKey, (answer) => (answer ? { ...answer, data: order } : answer));
    },
    onError: () => void queryClient.invalidateQueries({ queryKey }),
  });

  const remove = useMutation({
    mutationFn: (field: CustomField) => customFieldsApi.remove(field.id),
    onSuccess: (_, field) => {
      setDeleting(null);
      queryClient.setQueryData(queryKey, (answer) =>
        answer ? { ...answer, data: answer.data.filter((item) => item.id !== field.id) } : answer,
      );
      notifications.show({
        color: 'teal',
        message: t('appSettings.customFields.deleted', { label: field.label }),
      });
    },
  });

  const moveTo = (fromIndex: number, toIndex: number) => {
    const field = fields[fromIndex];
    if (!field || toIndex < 0 || toIndex >= fields.length || fromIndex === toIndex) {
      return;
    }
    const { items, prevId } = moveWithin(fields, fromIndex, toIndex);
    move.mutate({ id: field.id, prevId, order: items });
  };

  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) {
      moveTo(
        fields.findIndex((field) => field.id === active.id),
        fields.findIndex((field) => field.id === over.id),
      );
    }
  };

  return (
    <>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={handleDragEnd}
        accessibility={{
          announcements,
          screenReaderInstructions: { draggable: t('appSettings.customFields.dnd.instructions') },
        }}
      >
        <SortableContext items={fields.map((field) => field.id)} strategy={verticalListSortingStrategy}>
          <ul className={classes.list} data-mobile={isMobile || undefined} data-testid="custom-field-list">
            {fields.map((field, index) => (
              <CustomFieldRow
                key={field.id}
                field={field}
                editPath={paths.customFieldEdit(field.id)}
                isFirst={index === 0}
                isLast={index === fields.length - 1}
                busy={move.isPending}
                onMove={(direction) => moveTo(index, index + direction)}
                onDelete={() => setDeleting(field)}
              />
            ))}
          </ul>
        </SortableContext>
      </DndContext>
      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('appSettings.customFields.deleteTitle')}
        centered
        size={isMobile ? '100%' : 'md'}
      >
        <Text size="sm" c="dimmed" mb="md">
          {t('appSettings.customFields.deleteText', { label: deleting?.label ?? '' })}
        </Text>
        <ConfirmActions
          onCancel={() => setDeleting(null)}
          onConfirm={() => deleting && remove.mutate(deleting)}
          confirmLabel={t('appSettings.customFields.delete')}
          confirmIcon={<IconTrash size={17} stroke={1.8} />}
          loading={remove.isPending}
          testId="custom-field-delete-confirm"
        />
      </Modal>
    </>
  );
}

/** settings/custom-fields (ROUTE-88): the member profile's extra fields, in form order. */
export function CustomFieldsPage() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const query = useQuery(customFieldsQuery(app.id));
  const paths = settingsPaths(app.slug);
  const fields = query.data ?? [];
  const full = fields.length >= customFieldLimits.perApp;
  const canCreate = appCan(app, 'settings_app');

  const createButton = canCreate ? (
    <Button
      component={Link}
      to={paths.customFieldCreate}
      leftSection={<IconPlus size={18} stroke={1.8} />}
      disabled={full}
      onClick={(event) => full && event.preventDefault()}
      data-testid="custom-field-create"
    >
      {t('appSettings.customFields.create')}
    </Button>
  ) : null;

  return (
    <>
      <SettingsPageHeader
        title={t('appSettings.customFields.title')}
        lead={t('appSettings.customFields.lead')}
        actions={fields.length > 0 ? createButton : null}
      />
      {query.isPending ? (
        <Stack gap={8} data-testid="custom-fields-loading">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} height={68} radius="lg" />
          ))}
        </Stack>
      ) : fields.length === 0 ? (
        <Paper className={classes.empty} data-testid="custom-fields-empty">
          <IconForms size={36} stroke={1.4} className={classes.emptyIcon} />
          <Text fw={650} size="lg">
            {t('appSettings.customFields.emptyTitle')}
          </Text>
          <Text c="dimmed" size="sm" maw={440} ta="center">
            {t('appSettings.customFields.emptyText')}
          </Text>
          {createButton}
        </Paper>
      ) : (
        <>
          <FieldList fields={fields} />
          <Text size="sm" c="dimmed" data-testid="custom-fields-count">
            {full
              ? t('appSettings.customFields.limitReached', { max: customFieldLimits.perApp })
              : t('appSettings.customFields.count', { count: fields.length, max: customFieldLimits.perApp })}
          </Text>
        </>
      )}
    </>
  );
}
