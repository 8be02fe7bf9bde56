import { ActionIcon, Badge, Menu, Text, ThemeIcon } from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconDotsVertical,
  IconGripVertical,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CustomField } from './custom-fields-api';
import { fieldTypeIcons } from './field-types';
import classes from './custom-fields.module.css';

type CustomFieldRowProps = {
  field: CustomField;
  editPath: string;
  isFirst: boolean;
  isLast: boolean;
  /** Moving is paused while another move is on its way. */
  busy: boolean;
  onMove: (direction: -1 | 1) => void;
  onDelete: () => void;
};

/** One field of the list: drag handle, what it asks, its rules, and the actions its abilities allow. */
export function CustomFieldRow({
  field,
  editPath,
  isFirst,
  isLast,
  busy,
  onMove,
  onDelete,
}: CustomFieldRowProps) {
  const { t } = useTranslation();
  const can = field.permissions.can;
  const canMove = can.includes('move');
  const sortable = useSortable({ id: field.id, disabled: !canMove || busy });
  const Icon = fieldTypeIcons[field.type];
  const hasMenu = can.includes('edit') || can.includes('delete') || canMove;

  return (
    <li
      ref={sortable.setNodeRef}
      className={classes.row}
      data-dragging={sortable.isDragging || undefined}
      style={{ transform: CSS.Translate.toString(sortable.transform), transition: sortable.transition }}
      data-testid="custom-field-row"
    >
      {canMove ? (
        <button
          type="button"
          className={classes.handle}
          aria-label={t('appSettings.customFields.dragHandle', { label: field.label })}
          {...sortable.attributes}
          {...sortable.listeners}
          data-testid="custom-field-handle"
        >
          <IconGripVertical size={18} stroke={1.6} />
        </button>
      ) : (
        <span className={classes.handleSpacer} />
      )}
      <ThemeIcon variant="light" size={38} radius="md">
        <Icon size={20} stroke={1.6} />
      </ThemeIcon>
      <div className={classes.rowText}>
        {can.includes('edit') ? (
          <Text component={Link} to={editPath} className={classes.rowLabel} data-testid="custom-field-label">
            {field.label}
          </Text>
        ) : (
          <Text className={classes.rowLabel} data-testid="custom-field-label">
            {field.label}
          </Text>
        )}
        <div className={classes.rowMeta}>
          <span>{t(`appSettings.customFields.types.${field.type}`)}</span>
          {field.validationRules.required ? (
            <span className={classes.requiredMeta}>{t('appSettings.customFields.requiredBadge')}</span>
          ) : null}
          {field.options.length > 0 ? (
            <span>{t('appSettings.customFields.optionCount', { count: field.options.length })}</span>
          ) : null}
        </div>
      </div>
      {field.validationRules.required ? (
        <Badge variant="light" color="orange" radius="sm" className={classes.required}>
          {t('appSettings.customFields.requiredBadge')}
        </Badge>
      ) : null}
      {hasMenu ? (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              size={36}
              aria-label={t('appSettings.customFields.actions', { label: field.label })}
              data-testid="custom-field-actions"
            >
              <IconDotsVertical size={18} stroke={1.7} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {can.includes('edit') ? (
              <Menu.Item component={Link} to={editPath} leftSection={<IconPencil size={16} stroke={1.7} />}>
                {t('appSettings.customFields.edit')}
              </Menu.Item>
            ) : null}
            {canMove ? (
              <>
                <Menu.Item
                  leftSection={<IconArrowUp size={16} stroke={1.7} />}
                  disabled={isFirst || busy}
                  onClick={() => onMove(-1)}
                  data-testid="custom-field-up"
                >
                  {t('appSettings.customFields.moveUp')}
                </Menu.Item>
                <Menu.Item
                  leftSection={<IconArrowDown size={16} stroke={1.7} />}
                  disabled={isLast || busy}
                  onClick={() => onMove(1)}
                  data-testid="custom-field-down"
                >
                  {t('appSettings.customFields.moveDown')}
                </Menu.Item>
              </>
            ) : null}
            {can.includes('delete') ? (
              <>
                <Menu.Divider />
                <Menu.Item
                  color="red"
                  leftSection={<IconTrash size={16} stroke={1.7} />}
                  onClick={onDelete}
                  data-testid="custom-field-delete"
                >
                  {t('appSettings.customFields.delete')}
                </Menu.Item>
              </>
            ) : null}
          </Menu.Dropdown>
        </Menu>
      ) : null}
    </li>
  );
}
