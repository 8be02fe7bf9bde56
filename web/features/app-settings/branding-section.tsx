import { lazy, Suspense, useState } from 'react';
import { Button, Group, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhotoPlus, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { App } from '../../../contracts/apps';
import { AccountSection } from '../account';
import { switchClassNames } from '../app-profile';
import type { CropRatio } from '../cloud';
import { appSettingsApi, type AppPatch } from './app-settings-api';
import classes from './app-settings.module.css';

// The picker and the crop belong to the library's own chunk: loaded when a picture is chosen.
const PickPictureDialog = lazy(async () => ({ default: (await import('../cloud')).PickPictureDialog }));

type Slot = 'appIconId' | 'logoId' | 'logoWhiteThemeId';

const urlOf: Record<Slot, (app: App) => string | null> = {
  appIconId: (app) => app.appIconUrl,
  logoId: (app) => app.logoUrl,
  logoWhiteThemeId: (app) => app.logoWhiteThemeUrl,
};

/** A square mark, or a wordmark in the usual wide shapes. */
const squareRatios: readonly CropRatio[] = ['1:1'];
const wordmarkRatios: readonly CropRatio[] = ['5:2', '16:9', '3:2', '1:1'];

type BrandingSectionProps = {
  app: App;
  /** The saved app: the shell's answer is replaced, so the header shows the new picture at once. */
  onSaved: (updated: App) => void;
};

/**
 * Spec §3 App fields `appIcon`, `logo`, `logoWhiteTheme`, `isAdvancedLogo`: pictures picked and cut through
 * the cloud picker, each saved at once (like the services' switches), shown in the header, as the tab's icon
 * and in the app's mails.
 */
export function BrandingSection({ app, onSaved }: BrandingSectionProps) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState<Slot | null>(null);
  const save = useMutation({
    mutationFn: (changes: AppPatch) => appSettingsApi.update(app.id, changes),
    onSuccess: (updated) => {
      onSaved(updated);
      notifications.show({ color: 'teal', message: t('appSettings.branding.saved') });
    },
  });

  const slot = (key: Slot, dark = false) => {
    const url = urlOf[key](app);
    return (
      <div className={classes.brandSlot} data-testid={`brand-${key}`}>
        <div
          className={classes.brandPreview}
          data-dark={dark || undefined}
          data-wide={(key !== 'appIconId' && app.isAdvancedLogo) || undefined}
        >
          {url ? (
            <img src={url} alt={t(`appSettings.branding.${key}`)} />
          ) : (
            <Text size="xs" c="dimmed" ta="center">
              {t('appSettings.branding.none')}
            </Text>
          )}
        </div>
        <div className={classes.brandText}>
          <Text fw={600} size="sm">
            {t(`appSettings.branding.${key}`)}
          </Text>
          <Text size="xs" c="dimmed">
            {t(`appSettings.branding.${key}Hint`)}
          </Text>
          <Group gap={8} mt={8}>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPhotoPlus size={15} stroke={1.8} />}
              onClick={() => setPicking(key)}
              disabled={save.isPending}
              data-testid={`brand-${key}-pick`}
            >
              {url ? t('appSettings.branding.change') : t('appSettings.branding.choose')}
            </Button>
            {url ? (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={15} stroke={1.8} />}
                onClick={() => save.mutate({ [key]: null })}
                loading={save.isPending && save.variables[key] === null}
                data-testid={`brand-${key}-remove`}
              >
                {t('appSettings.branding.remove')}
              </Button>
            ) : null}
          </Group>
        </div>
      </div>
    );
  };

  return (
    <AccountSection
      title={t('appSettings.branding.title')}
      text={t('appSettings.branding.text')}
      testId="branding-section"
    >
      <div className={classes.brandSlots}>
        {slot('appIconId')}
        {slot('logoId')}
        {slot('logoWhiteThemeId', true)}
      </div>
      <div>
        <Switch
          size="md"
          labelPosition="left"
          classNames={switchClassNames}
          label={t('appSettings.branding.advanced')}
          description={t('appSettings.branding.advancedHint')}
          checked={app.isAdvancedLogo}
          disabled={save.isPending}
          onChange={(event) => save.mutate({ isAdvancedLogo: event.currentTarget.checked })}
          data-testid="brand-advanced"
        />
      </div>
      {picking ? (
        <Suspense fallback={null}>
          <PickPictureDialog
            opened
            onClose={() => setPicking(null)}
            scope={{ projectId: app.projectId, appId: app.id }}
            ratios={picking === 'appIconId' || !app.isAdvancedLogo ? squareRatios : wordmarkRatios}
            source="app"
            title={t(`appSettings.branding.${picking}`)}
            onPicked={async (picture) => {
              await save.mutateAsync({ [picking]: picture.id });
            }}
          />
        </Suspense>
      ) : null}
    </AccountSection>
  );
}
