import { Button } from '@mantine/core';
import { IconPencilPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { openComposer, type ComposerTarget } from '../composer';

/**
 * "Neuer Beitrag": opens the composer for this space or category, or (no target: the feed) with the choice of
 * every container the member may post in. Shown by the screens only where `create_post` allows it (RULE-119,
 * RULE-120); the server refuses anyway.
 */
export function NewPostButton({
  target = null,
  fullWidth,
}: {
  target?: ComposerTarget | null;
  fullWidth?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Button
      leftSection={<IconPencilPlus size={18} stroke={1.8} />}
      onClick={() => openComposer({ target })}
      fullWidth={fullWidth}
      data-testid="new-post"
    >
      {t('community.newPost')}
    </Button>
  );
}
