import { UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { memberTypeValues, type MemberType } from '../../../contracts/enums';
import type { MemberCounts } from './members-api';
import classes from './app-members.module.css';

/** Alle, Mitglieder, Eingeladen, Moderatoren, Admins, each with its count under the current filter. */
export function RoleTabs({
  value,
  counts,
  onChange,
  showInvited,
}: {
  value: MemberType | null;
  counts: MemberCounts | undefined;
  onChange: (role: MemberType | null) => void;
  /** Invited people are only listed for admins and moderators. */
  showInvited: boolean;
}) {
  const { t } = useTranslation();
  const total = counts ? memberTypeValues.reduce((sum, type) => sum + counts[type], 0) : undefined;
  const tabs: { role: MemberType | null; count: number | undefined }[] = [
    { role: null, count: total },
    ...memberTypeValues
      .filter((type) => showInvited || type !== 'invited')
      .map((type) => ({ role: type, count: counts?.[type] })),
  ];
  return (
    <div className={classes.tabs} role="tablist" aria-label={t('members.tabs.label')}>
      {tabs.map(({ role, count }) => {
        const selected = value === role;
        return (
          <UnstyledButton
            key={role ?? 'all'}
            role="tab"
            aria-selected={selected}
            className={classes.tab}
            data-active={selected || undefined}
            onClick={() => onChange(role)}
            data-testid={`role-tab-${role ?? 'all'}`}
          >
            <span>{t(`members.tabs.${role ?? 'all'}`)}</span>
            <span className={classes.tabCount} data-testid={`role-count-${role ?? 'all'}`}>
              {count ?? '–'}
            </span>
          </UnstyledButton>
        );
      })}
    </div>
  );
}
