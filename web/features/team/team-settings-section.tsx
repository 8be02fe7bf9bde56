import { Skeleton, Switch } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TeamSettingsValues } from '../../../contracts/projects';
import { workspaceKeys } from '../projects';
import { teamApi, teamKeys, teamSettingsQuery } from './team-api';
import classes from './team.module.css';

const settingKeys: readonly (keyof TeamSettingsValues)[] = [
  'canEditProject',
  'canManageApps',
  'canViewFiles',
  'canManagePlans',
  'canManagePaymentProviders',
];

/** What active team members may do: five switches, each saved as it is flipped. */
export function TeamSettingsSection({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery(teamSettingsQuery(projectId));

  const save = useMutation({
    mutationFn: (changes: Partial<TeamSettingsValues>) => teamApi.updateSettings(projectId, changes),
    onSuccess: async (settings) => {
      queryClient.setQueryData(teamKeys.settings(projectId), { data: settings });
      notifications.show({ color: 'teal', message: t('workspace.team.settings.saved') });
      // The team's abilities in this project follow the settings.
      await queryClient.invalidateQueries({ queryKey: workspaceKeys.projects });
    },
  });

  if (!query.data) {
    return <Skeleton height={260} radius="md" />;
  }
  const settings = query.data;
  return (
    <div className={classes.switches} data-testid="team-settings">
      {settingKeys.map((key) => {
        const pendingValue = save.isPending ? save.variables[key] : undefined;
        return (
          <Switch
            key={key}
            className={classes.switchRow}
            labelPosition="left"
            size="md"
            checked={pendingValue ?? settings[key]}
            disabled={save.isPending}
            onChange={(event) => save.mutate({ [key]: event.currentTarget.checked })}
            label={t(`workspace.team.settings.${key}`)}
            description={t(`workspace.team.settings.${key}Text`)}
            data-testid={`team-setting-${key}`}
          />
        );
      })}
    </div>
  );
}
