import { useState } from 'react';
import { Modal, Radio, Stack, Text } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { EventEditScope } from '../../../contracts/events';
import { ConfirmActions } from '../../components/confirm-actions';

type EditScopeDialogProps = {
  /** The scopes that make sense for the change (a changed rule cannot apply to one occurrence). */
  scopes: EventEditScope[];
  /** The edited occurrence, as people read it ("Di 27.10. 19:00"). */
  occurrence: string;
  saving: boolean;
  onCancel: () => void;
  onSave: (scope: EventEditScope) => void;
};

/** Saving a change of a recurring event asks what it applies to: this occurrence, it and the following, all. */
export function EditScopeDialog({ scopes, occurrence, saving, onCancel, onSave }: EditScopeDialogProps) {
  const { t } = useTranslation();
  const [scope, setScope] = useState<EventEditScope>(scopes[0] ?? 'all');
  return (
    <Modal opened onClose={onCancel} title={t('eventEditor.scope.title')} radius="lg" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSave(scope);
        }}
        data-testid="event-edit-scope"
      >
        <Text size="sm" c="dimmed" mb="md">
          {t('eventEditor.scope.text', { occurrence })}
        </Text>
        <Radio.Group
          value={scope}
          onChange={(value) => setScope(scopes.find((known) => known === value) ?? scope)}
          aria-label={t('eventEditor.scope.title')}
        >
          <Stack gap="sm">
            {scopes.map((value) => (
              <Radio
                key={value}
                value={value}
                label={t(`eventEditor.scope.${value}`)}
                description={t(`eventEditor.scope.${value}Hint`)}
                data-autofocus={value === scopes[0] || undefined}
              />
            ))}
          </Stack>
        </Radio.Group>
        <ConfirmActions
          onCancel={onCancel}
          confirmLabel={t('eventEditor.save')}
          confirmIcon={<IconDeviceFloppy size={18} stroke={1.8} />}
          tone="primary"
          loading={saving}
          testId="event-edit-scope-save"
        />
      </form>
    </Modal>
  );
}
