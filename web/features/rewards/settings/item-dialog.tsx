import { useState } from 'react';
import {
  Group,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconDeviceFloppy, IconGift } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { gamificationLimits } from '../../../../contracts/gamification';
import type { CustomStuff } from '../../../../contracts/gamification-shop';
import { ApiError } from '../../../api/api-error';
import { ConfirmActions } from '../../../components/confirm-actions';
import { useRewardsAdmin } from '../rewards-api';
import { PictureButton, type Picture } from './picture-button';
import { wholeOrNull } from './rules-section';
import classes from './settings.module.css';

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
    <Modal
      opened
      onClose={onClose}
      centered
      radius="lg"
      size="lg"
      title={item ? t('rewards.settings.shop.edit') : t('rewards.settings.shop.add')}
    >
      <form onSubmit={submit} noValidate data-testid="item-form">
        <Stack gap="md">
          <Group gap="md" align="center" wrap="nowrap">
            <span className={classes.thumb} aria-hidden="true">
              {picture?.url ? <img src={picture.url} alt="" /> : <IconGift size={22} stroke={1.5} />}
            </span>
            <div>
              <Text size="sm" fw={500} mb={4}>
                {t('rewards.settings.shop.image')}
              </Text>
              <Group gap="xs">
                <PictureButton
                  value={picture}
                  onChange={setPicture}
                  ratios={['16:9', '1:1']}
                  label={t('rewards.settings.shop.image')}
                  testId="item-image"
                />
              </Group>
            </div>
          </Group>
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
          <ConfirmActions
            onCancel={onClose}
            confirmLabel={t('common.save.submitShort')}
            confirmIcon={<IconDeviceFloppy size={17} stroke={1.8} />}
            tone="primary"
            loading={saveItem.isPending}
            testId="item-save"
          />
        </Stack>
      </form>
    </Modal>
  );
}
