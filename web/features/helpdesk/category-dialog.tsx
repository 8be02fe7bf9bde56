import { useState } from 'react';
import { Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  helpdeskCategoryCreateBodySchema,
  helpdeskLimits,
  type HelpdeskCategory,
} from '../../../contracts/helpdesk';
import { ConfirmActions } from '../../components/confirm-actions';
import { useFormChecks, useIssueText } from '../../components/form-issues';
import { useCategoryMutations } from './helpdesk-mutations';
import { childrenOf, heightOf, subtreeOf } from './helpdesk-tree';

type CategoryDialogProps = {
  categories: HelpdeskCategory[];
  /** The category to edit, or the parent of a new one (`new`: null for the top level). */
  target: { kind: 'edit'; category: HelpdeskCategory } | { kind: 'new'; parentId: string | null };
  onClose: () => void;
};

/**
 * Creates or edits a category: name, address (slug), description and where it sits. Changing the parent moves
 * it (last under the new parent); parents that would make a cycle or a fourth level are not offered.
 */
export function CategoryDialog({ categories, target, onClose }: CategoryDialogProps) {
  const { t } = useTranslation();
  const issueText = useIssueText();
  const editing = target.kind === 'edit' ? target.category : null;
  const [name, setName] = useState(editing?.name ?? '');
  const [slug, setSlug] = useState(editing?.slug ?? '');
  const [description, setDescription] = useState(editing?.description ?? '');
  const [parentId, setParentId] = useState<string | null>(
    editing ? editing.parentId : target.kind === 'new' ? target.parentId : null,
  );
  const { create, update, move } = useCategoryMutations();
  const checks = useFormChecks(helpdeskCategoryCreateBodySchema, {
    name,
    description,
    ...(slug ? { slug } : {}),
  });
  const issueOf = (field: string) => issueText(checks.issues[field] ?? checks.serverIssues[field]);
  const height = editing ? heightOf(categories, editing.id) : 1;
  const inside = new Set(editing ? subtreeOf(categories, editing.id).map((item) => item.id) : []);
  const parents = categories
    .filter((item) => !inside.has(item.id) && item.depth + height <= helpdeskLimits.depth)
    .map((item) => ({ value: item.id, label: `${'— '.repeat(item.depth - 1)}${item.name}` }));
  const saving = create.isPending || update.isPending || move.isPending;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!checks.check()) {
      return;
    }
    try {
      if (editing) {
        await update.mutateAsync({
          id: editing.id,
          name,
          description,
          ...(slug && slug !== editing.slug ? { slug } : {}),
        });
        if (parentId !== editing.parentId) {
          const last = childrenOf(categories, parentId).at(-1);
          await move.mutateAsync({ id: editing.id, parentId, prevId: last?.id ?? null });
        }
      } else {
        await create.mutateAsync({ name, description, parentId, ...(slug ? { slug } : {}) });
      }
      onClose();
    } catch (error) {
      checks.takeServerIssues(error);
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={editing ? t('helpdesk.settings.editTitle') : t('helpdesk.settings.newTitle')}
      centered
      radius="lg"
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('helpdesk.settings.name')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={issueOf('name')}
            required
            data-autofocus
            maxLength={helpdeskLimits.name}
            data-testid="helpdesk-category-name"
          />
          <TextInput
            label={t('helpdesk.settings.slug')}
            description={t('helpdesk.settings.slugHint')}
            value={slug}
            onChange={(event) => setSlug(event.currentTarget.value)}
            error={issueOf('slug')}
            maxLength={helpdeskLimits.slug}
          />
          <Textarea
            label={t('helpdesk.settings.description')}
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
            error={issueOf('description')}
            autosize
            minRows={2}
            maxLength={helpdeskLimits.description}
          />
          <Select
            label={t('helpdesk.settings.parent')}
            description={t('helpdesk.settings.parentHint')}
            data={parents}
            value={parentId}
            onChange={setParentId}
            placeholder={t('helpdesk.settings.topLevel')}
            clearable
            error={issueOf('parentId')}
            data-testid="helpdesk-category-parent"
          />
          <ConfirmActions
            onCancel={onClose}
            confirmLabel={t('helpdesk.save')}
            confirmIcon={<IconDeviceFloppy size={18} stroke={1.8} />}
            tone="primary"
            loading={saving}
            testId="helpdesk-category-save"
          />
        </Stack>
      </form>
    </Modal>
  );
}
