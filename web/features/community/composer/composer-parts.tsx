import { Badge, Button, Group, Text } from '@mantine/core';
import { IconCalendarTime, IconChartBar, IconPaperclip, IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './composer.module.css';

/** The optional parts of a post the author can still add. */
export type Addable = 'cover' | 'media' | 'poll' | 'schedule';

const icons = { cover: IconPhoto, media: IconPaperclip, poll: IconChartBar, schedule: IconCalendarTime };

/** "Add": one pill button per part not added yet (each part, once added, has its own remove). */
export function AddBar({ offered, onAdd }: { offered: readonly Addable[]; onAdd: (part: Addable) => void }) {
  const { t } = useTranslation();
  if (offered.length === 0) {
    return null;
  }
  return (
    <div className={classes.addBar} role="group" aria-labelledby="composer-add-label">
      <Text size="xs" c="dimmed" fw={600} className={classes.addBarLabel} id="composer-add-label">
        {t('communityComposer.add.label')}
      </Text>
      {offered.map((part) => {
        const Icon = icons[part];
        return (
          <Button
            key={part}
            variant="default"
            size="xs"
            radius="xl"
            leftSection={<Icon size={16} stroke={1.7} />}
            onClick={() => onAdd(part)}
            data-testid={`composer-add-${part}`}
          >
            {t(`communityComposer.add.${part}`)}
          </Button>
        );
      })}
    </div>
  );
}

/** Where the post is (fixed when the composer was opened in a space or category, or when editing). */
export function TargetHeading({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <Group gap={6}>
      <Text size="sm" c="dimmed">
        {t('communityComposer.target.in')}
      </Text>
      <Badge variant="light" radius="sm" size="lg" data-testid="composer-target-name">
        {name}
      </Badge>
    </Group>
  );
}

/** An edited post's poll: shown by its question; it can be removed (a poll's answers are not edited). */
export function ExistingPoll({ question, onRemove }: { question: string; onRemove: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={classes.existingPoll} data-testid="composer-existing-poll">
      <IconChartBar size={18} stroke={1.7} aria-hidden="true" />
      <Text size="sm" fw={600} className={classes.existingPollText}>
        {question}
      </Text>
      <Button variant="subtle" color="red" size="xs" onClick={onRemove}>
        {t('communityComposer.poll.remove')}
      </Button>
    </div>
  );
}
