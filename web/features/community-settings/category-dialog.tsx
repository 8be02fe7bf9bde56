import { useState, type FormEvent } from 'react';
import { Modal, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  categoryCreateBodySchema,
  communityLimits,
  type Category,
  type CategoryCreateBody,
} from '../../../contracts/community-spaces';
import { slugify } from '../../../contracts/slug';
import { ApiError } from '../../api/api-error';
import { errorTextKey } from '../../api/notify-error';
import { ConfirmActions } from '../../components/confirm-actions';
import { fieldIssues, serverFieldIssues, useIssueText, type FieldIssues } from '../../components/form-issues';
import { useCurrentApp } from '../../kernel/current-app';
import { useIsMobile } from '../../kernel/ui-store';
import { communityKeys } from '../community';
import { settingsApi } from './settings-api';

/**
 * The category's body. Spec §5: "Category slugs are generated from the name"; the address field shows that
 * suggestion until the admin writes their own, and an empty one is left to the server.
 */
export function categoryBodyOf(name: string, slug: string): CategoryCreateBody {
  const own = slug.trim().toLowerCase();
  return { name: name.trim(), ...(own ? { slug: own } : {}) };
}

type CategoryDialogProps = { category: Category | null; onClose: () => void };

/** Creates a communities category (`category` null) or renames one and changes its address. */
export function CategoryDialog({ category, onClose }: CategoryDialogProps) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const isMobile = useIsMobile();
  const issueText = useIssueText();
  const client = useQueryClient();
  const [name, setName] = useState(category?.name ?? '');
  const [slug, setSlug] = useState(category?.slug ?? '');
  const [slugEdited, setSlugEdited] = useState(category !== null);
  const [submitted, setSubmitted] = useState(false);
  const [serverIssues, setServerIssues] = useState<FieldIssues>({});
  const effectiveSlug = slugEdited ? slug : slugify(name);
  const body = categoryBodyOf(name, effectiveSlug);
  const issues = submitted ? fieldIssues(categoryCreateBodySchema, body) : {};
  const issueOf = (field: string) => issueText(issues[field] ?? serverIssues[field]);

  const save = useMutation({
    mutationFn: () =>
      category ? settingsApi.updateCategory(category.id, body) : settingsApi.createCategory(app.id, body),
    meta: { silent: true },
    onSuccess: async (saved) => {
      notifications.show({
        color: 'teal',
        message: t(category ? 'communitySettings.category.updated' : 'communitySettings.category.created', {
          name: saved.name,
        }),
      });
      await client.invalidateQueries({ queryKey: communityKeys.all(app.id) });
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'SLUG_TAKEN') {
        setServerIssues({ slug: { key: 'communitySettings.slugTaken' } });
      } else if (error instanceof ApiError && Object.keys(error.errors).length > 0) {
        setServerIssues(serverFieldIssues(error.errors));
      } else {
        notifications.show({ color: 'red', title: t('errors.title'), message: t(errorTextKey(error)) });
      }
    },
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(fieldIssues(categoryCreateBodySchema, body)).length === 0) {
      save.mutate();
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={
        category ? t('communitySettings.category.editTitle') : t('communitySettings.category.createTitle')
      }
      size={isMobile ? '100%' : 'md'}
      centered
      data-testid="category-dialog"
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('communitySettings.category.name')}
            placeholder={t('communitySettings.category.namePlaceholder')}
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setServerIssues(({ name: _, ...rest }) => rest);
            }}
            maxLength={communityLimits.name}
            error={issueOf('name')}
            required
            data-autofocus
            data-testid="category-name"
          />
          <TextInput
            label={t('communitySettings.slug')}
            description={t('communitySettings.slugHint')}
            value={effectiveSlug}
            onChange={(event) => {
              setSlugEdited(true);
              setSlug(event.currentTarget.value);
              setServerIssues(({ slug: _, ...rest }) => rest);
            }}
            maxLength={communityLimits.slug}
            error={issueOf('slug')}
            data-testid="category-slug"
          />
        </Stack>
        <ConfirmActions
          onCancel={onClose}
          confirmLabel={category ? t('communitySettings.save') : t('communitySettings.category.create')}
          confirmIcon={
            category ? <IconDeviceFloppy size={17} stroke={1.8} /> : <IconPlus size={17} stroke={1.8} />
          }
          tone="primary"
          loading={save.isPending}
          testId="category-submit"
        />
      </form>
    </Modal>
  );
}
