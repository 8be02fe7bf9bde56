import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, SegmentedControl, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconBan, IconClockPause, IconSearch } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dayjs } from '../../i18n/dayjs';
import { useTranslation } from 'react-i18next';
import { useCurrentApp } from '../../kernel/current-app';
import { useIsMobile } from '../../kernel/ui-store';
import { formatDateTime, fullName } from './member-badges';
import { memberDropdownQuery, memberKeys, membersApi } from './members-api';
import { isoOfLocalInput, punishIssue } from './sanction-fields';
import { tagKeys } from './tags-api';
import classes from './app-members.module.css';

type Kind = 'block' | 'punish';

function SanctionForm({ initialKind, onClose }: { initialKind: Kind; onClose: () => void }) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const isMobile = useIsMobile();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [profileId, setProfileId] = useState<string | null>(null);
  const [kind, setKind] = useState<Kind>(initialKind);
  const [until, setUntil] = useState(() => dayjs().add(7, 'day').format('YYYY-MM-DDTHH:mm'));
  const [submitted, setSubmitted] = useState(false);
  const dropdown = useQuery(memberDropdownQuery(app.id, debounced));
  const options = (dropdown.data?.data ?? [])
    .filter((member) => member.type !== 'invited')
    .map((member) => ({ value: member.id, label: fullName({ ...member, email: null }) }));

  const untilIssue = kind === 'punish' ? (until ? punishIssue(until) : 'validation.required') : null;
  const memberIssue = profileId ? null : 'validation.required';

  const apply = useMutation({
    mutationFn: (id: string) =>
      membersApi.update(
        id,
        kind === 'block' ? { isBlocked: true } : { punishedUntil: isoOfLocalInput(until) },
      ),
    onSuccess: async (member) => {
      notifications.show({
        color: 'teal',
        message:
          kind === 'block'
            ? t('members.moderation.blocked', { name: fullName(member) })
            : t('members.moderation.punished', {
                name: fullName(member),
                date: formatDateTime(dayjs(until).toISOString()),
              }),
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: memberKeys.all(app.id) }),
        queryClient.invalidateQueries({ queryKey: tagKeys.all(app.id) }),
      ]);
      onClose();
    },
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (profileId && !untilIssue) {
      apply.mutate(profileId);
    }
  };

  return (
    <form onSubmit={handleSubmit} noValidate className={classes.dialogForm} data-testid="sanction-form">
      <Select
        label={t('members.moderation.member')}
        placeholder={t('members.moderation.memberPlaceholder')}
        leftSection={<IconSearch size={16} stroke={1.7} />}
        data={options}
        value={profileId}
        onChange={setProfileId}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options: all }) => all}
        nothingFoundMessage={dropdown.isFetching ? t('common.loading') : t('common.noResults')}
        error={submitted && memberIssue ? t(memberIssue) : null}
        comboboxProps={{ withinPortal: true }}
        required
        data-autofocus
        data-testid="sanction-member"
      />
      <SegmentedControl
        fullWidth
        value={kind}
        onChange={(value) => setKind(value)}
        data={[
          { value: 'punish', label: t('members.moderation.punishChoice') },
          { value: 'block', label: t('members.moderation.blockChoice') },
        ]}
      />
      {kind === 'punish' ? (
        <TextInput
          type="datetime-local"
          label={t('members.moderation.punishUntil')}
          description={t('members.moderation.punishHint')}
          value={until}
          min={dayjs().format('YYYY-MM-DDTHH:mm')}
          onChange={(event) => setUntil(event.currentTarget.value)}
          error={submitted && untilIssue ? t(untilIssue) : null}
          required
        />
      ) : (
        <div className={classes.hintBox}>{t('members.moderation.blockHint')}</div>
      )}
      <Group justify="flex-end" gap="sm" style={isMobile ? { flexDirection: 'column-reverse' } : undefined}>
        <Button variant="default" onClick={onClose} fullWidth={isMobile}>
          {t('common.cancel')}
        </Button>
        <Button
          type="submit"
          color={kind === 'block' ? 'red' : 'orange'}
          leftSection={kind === 'block' ? <IconBan size={17} /> : <IconClockPause size={17} />}
          loading={apply.isPending}
          fullWidth={isMobile}
          data-testid="sanction-submit"
        >
          {kind === 'block' ? t('members.moderation.blockSubmit') : t('members.moderation.punishSubmit')}
        </Button>
      </Group>
    </form>
  );
}

/** Picks a member and blocks them or punishes them until a moment. */
export function SanctionDialog({
  opened,
  kind,
  onClose,
}: {
  opened: boolean;
  kind: Kind;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('members.moderation.sanctionTitle')}
      fullScreen={isMobile}
      centered
    >
      {opened ? <SanctionForm initialKind={kind} onClose={onClose} /> : null}
    </Modal>
  );
}
