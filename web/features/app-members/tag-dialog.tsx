import { useState, type FormEvent } from 'react';
import { Button, ColorSwatch, Group, Modal, TextInput, UnstyledButton } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { tagCreateBodySchema, tagLimits } from '../../../contracts/tags';
import { ApiError } from '../../api/api-error';
import { useCurrentApp } from '../../kernel/current-app';
import { useIsMobile } from '../../kernel/ui-store';
import { fieldIssues, serverFieldIssues, useIssueText, type FieldIssues } from '../../components/form-issues';
import { tagKeys, tagsApi, type Tag } from './tags-api';
import { TagBadge } from './tag-badge';
import classes from './app-members.module.css';

/** The colours offered for a tag; '' is the neutral grey. */
export const tagColors = [
  '',
  '#6653e6',
  '#228be6',
  '#15aabf',
  '#12b886',
  '#40c057',
  '#fab005',
  '#fd7e14',
  '#fa5252',
  '#e64980',
  '#be4bdb',
  '#495057',
] as const;

type TagDialogProps = {
  /** The tag to rename or recolour; null creates one. */
  tag: Tag | null;
  opened: boolean;
  onClose: () => void;
};

function TagForm({ tag, onClose }: { tag: Tag | null; onClose: () => void }) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const isMobile = useIsMobile();
  const queryClient = useQueryClient();
  const issueText = useIssueText();
  const [name, setName] = useState(tag?.name ?? '');
  const [color, setColor] = useState(tag?.color ?? '');
  const [issues, setIssues] = useState<FieldIssues>({});

  const save = useMutation({
    // Field errors show at their fields; anything else is announced.
    meta: { inlineFieldErrors: true },
    mutationFn: () =>
      tag
        ? tagsApi.update(tag.id, { name: name.trim(), color })
        : tagsApi.create(app.id, { name: name.trim(), color }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: tagKeys.all(app.id) });
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError) {
        const found = serverFieldIssues(error.errors);
        // The name's uniqueness is said in the words of tags, not as "this value already exists".
        setIssues(
          error.errors.name === 'validation.unique' ? { ...found, name: { key: 'members.tags.nameTaken' } } : found,
        );
      }
    },
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = fieldIssues(tagCreateBodySchema, { name, color });
    setIssues(found);
    if (Object.keys(found).length === 0) {
      save.mutate();
    }
  };

  return (
    <form onSubmit={handleSubmit} noValidate className={classes.dialogForm} data-testid="tag-form">
      <TextInput
        label={t('members.tags.name')}
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        maxLength={tagLimits.name}
        error={issueText(issues.name)}
        data-autofocus
        required
      />
      <div>
        <div className={classes.fieldLabel}>{t('members.tags.color')}</div>
        <div className={classes.swatches} role="radiogroup" aria-label={t('members.tags.color')}>
          {tagColors.map((swatch) => (
            <UnstyledButton
              key={swatch || 'none'}
              role="radio"
              aria-checked={color === swatch}
              aria-label={swatch || t('members.tags.noColor')}
              className={classes.swatch}
              onClick={() => setColor(swatch)}
            >
              <ColorSwatch color={swatch || 'var(--mantine-color-gray-4)'} size={28} withShadow={false}>
                {color === swatch ? <IconCheck size={15} stroke={2.6} color="white" /> : null}
              </ColorSwatch>
            </UnstyledButton>
          ))}
        </div>
      </div>
      <div className={classes.tagPreview}>
        <span>{t('members.tags.preview')}</span>
        <TagBadge
          tag={{ id: 'preview', name: name.trim() || t('members.tags.name'), color, kind: null }}
          size="md"
        />
      </div>
      <Group
        justify="flex-end"
        gap="sm"
        mt="xs"
        style={isMobile ? { flexDirection: 'column-reverse' } : undefined}
      >
        <Button variant="default" onClick={onClose} fullWidth={isMobile}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={save.isPending} fullWidth={isMobile} data-testid="tag-save">
          {tag ? t('members.actions.save') : t('members.tags.createSubmit')}
        </Button>
      </Group>
    </form>
  );
}

/** Creates a tag or renames and recolours one (never a default tag: those are locked). */
export function TagDialog({ tag, opened, onClose }: TagDialogProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={tag ? t('members.tags.editTitle') : t('members.tags.createTitle')}
      size={isMobile ? '100%' : 'md'}
      centered
    >
      {opened ? <TagForm key={tag?.id ?? 'new'} tag={tag} onClose={onClose} /> : null}
    </Modal>
  );
}
