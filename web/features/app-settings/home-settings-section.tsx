import { useState, type FormEvent } from 'react';
import { NumberInput, Skeleton, Stack, Switch } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFlame } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { homeSettingsSchema } from '../../../contracts/service-settings';
import { ApiError } from '../../api/api-error';
import { useCurrentApp } from '../../kernel/current-app';
import { fieldIssues, serverFieldIssues, useIssueText, type FieldIssues } from '../../components/form-issues';
import { SaveBar } from '../../components/save-bar';
import { AccountSection } from '../account';
import { switchClassNames } from '../app-profile';
import { appSettingsApi, homeSettingsQuery, type HomeSettings } from './app-settings-api';
import classes from './app-settings.module.css';

type HomeValues = Pick<HomeSettings, 'trendingPostsWindowInDays' | 'showPostsFromAllPublicSpaces'>;

const valuesOf = (settings: HomeSettings): HomeValues => ({
  trendingPostsWindowInDays: settings.trendingPostsWindowInDays,
  showPostsFromAllPublicSpaces: settings.showPostsFromAllPublicSpaces,
});

/** The trending window must be a whole number of days the contract allows. */
const homeValuesSchema = homeSettingsSchema.pick({
  trendingPostsWindowInDays: true,
  showPostsFromAllPublicSpaces: true,
});

function HomeSettingsForm({ settings, canEdit }: { settings: HomeSettings; canEdit: boolean }) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const queryClient = useQueryClient();
  const issueText = useIssueText();
  const [values, setValues] = useState<HomeValues>(() => valuesOf(settings));
  const [serverIssues, setServerIssues] = useState<FieldIssues>({});
  const [submitted, setSubmitted] = useState(false);
  const saved = valuesOf(settings);
  const changes = Object.fromEntries(
    Object.entries(values).filter(([key, value]) => saved[key as keyof HomeValues] !== value),
  );
  const dirty = Object.keys(changes).length > 0;
  const issues = submitted ? fieldIssues(homeValuesSchema, values) : {};
  const issueOf = (field: keyof HomeValues) => issueText(issues[field] ?? serverIssues[field]);

  const save = useMutation({
    mutationFn: () => appSettingsApi.updateServiceSettings(app.id, 'home', changes),
    meta: { silent: true },
    onSuccess: (data) => {
      setSubmitted(false);
      queryClient.setQueryData(homeSettingsQuery(app.id).queryKey, (previous) =>
        previous ? { ...previous, data: homeSettingsSchema.parse(data) } : previous,
      );
      notifications.show({ color: 'teal', message: t('appSettings.services.home.saved') });
    },
    onError: (error) => {
      if (error instanceof ApiError && Object.keys(error.errors).length > 0) {
        setServerIssues(serverFieldIssues(error.errors));
      } else {
        notifications.show({
          color: 'red',
          message: t(error instanceof ApiError ? error.message : 'errors.generic'),
        });
      }
    },
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    setServerIssues({});
    if (dirty && Object.keys(fieldIssues(homeValuesSchema, values)).length === 0) {
      save.mutate();
    }
  };

  return (
    <form onSubmit={handleSubmit} noValidate className={classes.form} data-testid="home-settings-form">
      <AccountSection
        title={t('appSettings.services.home.title')}
        text={t('appSettings.services.home.text')}
        testId="home-settings"
      >
        <Stack gap="lg">
          <NumberInput
            label={t('appSettings.services.home.trendingWindow')}
            description={t('appSettings.services.home.trendingWindowHint')}
            leftSection={<IconFlame size={18} stroke={1.6} />}
            suffix={` ${t('appSettings.services.home.days')}`}
            min={1}
            max={365}
            allowDecimal={false}
            allowNegative={false}
            value={values.trendingPostsWindowInDays}
            onChange={(value) =>
              setValues((current) => ({
                ...current,
                trendingPostsWindowInDays: typeof value === 'number' ? value : Number.NaN,
              }))
            }
            error={issueOf('trendingPostsWindowInDays')}
            disabled={!canEdit}
            maw={320}
            data-testid="trending-window"
          />
          <Switch
            size="md"
            labelPosition="left"
            classNames={switchClassNames}
            label={t('appSettings.services.home.allPublicSpaces')}
            description={t('appSettings.services.home.allPublicSpacesHint')}
            checked={values.showPostsFromAllPublicSpaces}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              setValues((current) => ({ ...current, showPostsFromAllPublicSpaces: checked }));
            }}
            disabled={!canEdit}
            data-testid="all-public-spaces"
          />
        </Stack>
      </AccountSection>
      {canEdit ? (
        <SaveBar
          dirty={dirty}
          saving={save.isPending}
          onDiscard={() => {
            setValues(valuesOf(settings));
            setSubmitted(false);
            setServerIssues({});
          }}
          testId="home-save-bar"
        />
      ) : null}
    </form>
  );
}

/** The Home service's settings (spec §3 "Home service settings") via `/apps/{appId}/home/settings`. */
export function HomeSettingsSection() {
  const app = useCurrentApp();
  const query = useQuery(homeSettingsQuery(app.id));
  if (!query.data) {
    return <Skeleton height={260} radius="lg" />;
  }
  return (
    <HomeSettingsForm
      key={query.dataUpdatedAt}
      settings={query.data.data}
      canEdit={query.data.permissions.can.includes('edit')}
    />
  );
}
