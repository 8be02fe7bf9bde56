import { useState } from 'react';
import { NumberInput, SimpleGrid, Switch, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { gamificationLimits } from '../../../../contracts/gamification';
import type { CustomStuff } from '../../../../contracts/gamification-shop';
import { ApiError } from '../../../api/api-error';
import { PictureField, type Picture } from '../../community-settings';
import { useRewardsAdmin } from '../rewards-api';
import { wholeOrNull } from './rules-section';
import { SettingsFormDialog } from './settings-form-dialog';

/** Creates or edits a reward of the shop: name, text, price, picture, stock, limit per member, the text after. */
export function ItemDialog({ item, onClose }: { item: CustomStuff | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { saveItem } = useRewardsAdmin();
  const [name, setName] = useState(item?.name ?? '');
  const [description, setDescription] = useState(item?.description ?? '');
  const [price, setPrice] = useState<string | number>(item?.rewardPoints ?? 100);
  const [stock, setStock] = useState<string | number>(item?.stock ?? '');
  const [limit, setLimit] = useState<string | number>(item?.perMemberLimit ?? '');
  const [after, setAfter] = useState(item?.windowAfterPurchase ?? '');
  const [isActive, setIsActive] = useState(item?.isActive ?? true);
  const [picture, setPicture] = useState<Picture | null>(
    item?.imageId ? { id: item.imageId, url: item.imageUrl } : null,
  );
  const [missing, setMissing] = useState<Set<string>>(new Set());
  const fieldErrors = saveItem.error instanceof ApiError ? saveItem.error.errors : {};
  const errorOf = (field: string) =>
    missing.has(field) ? t('validation.required') : fieldErrors[field] ? t(fieldErrors[field]) : null;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const points = wholeOrNull(price);
    const empty = new Set<string>();
    if (name.trim() === '') {
      empty.add('name');
    }
    if (points === null || points < 1) {
      empty.add('rewardPoints');
    }
    setMissing(empty);
    if (empty.size > 0) {
      return;
    }
    const perMember = wholeOrNull(limit);
    saveItem.mutate(
      {
        id: item?.id ?? null,
        name: name.trim(),
        description,
        rewardPoints: points ?? 1,
        imageId: picture?.id ?? null,
        stock: wholeOrNull(stock),
        perMemberLimit: perMember === 0 ? null : perMember,
        windowAfterPurchase: after,
        isActive,
      },
      { onSuccess: onClose },
    );
  };

  return (
    <SettingsFormDialog
      title={item ? t('rewards.settings.shop.edit') : t('rewards.settings.shop.add')}
      size="lg"
      onClose={onClose}
      onSubmit={submit}
      saving={saveItem.isPending}
      testId="item"
    >
      <PictureField
        label={t('rewards.settings.shop.image')}
        value={picture}
        onChange={setPicture}
        ratios={['16:9', '1:1']}
        frameRatio={16 / 9}
        testId="item-image"
      />
      <TextInput
        label={t('rewards.settings.shop.name')}
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        maxLength={gamificationLimits.itemName}
        required
        error={errorOf('name')}
        data-autofocus
        data-testid="item-name"
      />
      <Textarea
        label={t('rewards.settings.shop.description')}
        value={description}
        onChange={(event) => setDescription(event.currentTarget.value)}
        maxLength={gamificationLimits.description}
        autosize
        minRows={2}
        maxRows={6}
        data-testid="item-description"
      />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <NumberInput
          label={t('rewards.settings.shop.price')}
          value={price}
          onChange={setPrice}
          min={1}
          max={gamificationLimits.points}
          allowDecimal={false}
          allowNegative={false}
          required
          error={errorOf('rewardPoints')}
          data-testid="item-price"
        />
        <NumberInput
          label={t('rewards.settings.shop.stock')}
          placeholder={t('rewards.settings.shop.unlimited')}
          value={stock}
          onChange={setStock}
          min={0}
          max={gamificationLimits.stock}
          allowDecimal={false}
          allowNegative={false}
          error={errorOf('stock')}
          data-testid="item-stock"
        />
        <NumberInput
          label={t('rewards.settings.shop.limit')}
          placeholder={t('rewards.settings.shop.unlimited')}
          value={limit}
          onChange={setLimit}
          min={1}
          max={gamificationLimits.stock}
          allowDecimal={false}
          allowNegative={false}
          error={errorOf('perMemberLimit')}
          data-testid="item-limit"
        />
      </SimpleGrid>
      <Textarea
        label={t('rewards.settings.shop.after')}
        description={t('rewards.settings.shop.afterHint')}
        value={after}
        onChange={(event) => setAfter(event.currentTarget.value)}
        maxLength={gamificationLimits.windowAfterPurchase}
        autosize
        minRows={3}
        maxRows={8}
        error={errorOf('windowAfterPurchase')}
        data-testid="item-after"
      />
      <Switch
        label={t('rewards.settings.shop.active')}
        checked={isActive}
        onChange={(event) => setIsActive(event.currentTarget.checked)}
        data-testid="item-active"
      />
    </SettingsFormDialog>
  );
}
