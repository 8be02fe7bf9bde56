import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Paper, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconMail, IconSend, IconUserCheck } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { inviteBodySchema, memberLimits } from '../../../contracts/members';
import { ApiError } from '../../api/api-error';
import { notifyError } from '../../api/notify-error';
import { useCurrentApp } from '../../kernel/current-app';
import { useIsMobile } from '../../kernel/ui-store';
import { fieldIssues, serverFieldIssues, useIssueText, type FieldIssues } from '../../components/form-issues';
import { fullName } from './member-badges';
import { memberKeys, membersApi, type Member } from './members-api';
import { MembersHeader } from './members-header';
import { membersPaths } from './members-paths';
import { TagSelect } from './tag-select';
import { tagKeys } from './tags-api';
import classes from './app-members.module.css';

type Values = {
  email: string;
  firstName: string;
  lastName: string;
  tagIds: string[];
  isAdmin: boolean;
  isInvited: boolean;
};

const emptyValues: Values = {
  email: '',
  firstName: '',
  lastName: '',
  tagIds: [],
  isAdmin: false,
  isInvited: true,
};

/** Errors the form explains in place instead of a passing notice. */
type Refusal = { code: 'ALREADY_MEMBER' | 'QUOTA_EXCEEDED'; email: string; limit?: number };

function refusalOf(error: unknown, email: string): Refusal | null {
  if (error instanceof ApiError && (error.code === 'ALREADY_MEMBER' || error.code === 'QUOTA_EXCEEDED')) {
    const limit = typeof error.details.limit === 'number' ? error.details.limit : undefined;
    return { code: error.code, email, limit };
  }
  return null;
}

/** `settings/members/invite`: one person by e-mail, with tags and role; invited or a member right away. */
export function InvitePage() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const isMobile = useIsMobile();
  const queryClient = useQueryClient();
  const issueText = useIssueText();
  const paths = membersPaths(app.slug);
  const [values, setValues] = useState<Values>(emptyValues);
  const [issues, setIssues] = useState<FieldIssues>({});
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [invited, setInvited] = useState<Member | null>(null);
  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (field === 'email') {
      setRefusal(null);
    }
  };

  const invite = useMutation({
    mutationFn: (body: Values) => membersApi.invite(app.id, inviteBodySchema.parse(body)),
    // ALREADY_MEMBER and QUOTA_EXCEEDED are explained in the form; everything else gets the usual notice.
    meta: { silent: true },
    onSuccess: async (member) => {
      setInvited(member);
      setValues(emptyValues);
      setIssues({});
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: memberKeys.all(app.id) }),
        queryClient.invalidateQueries({ queryKey: tagKeys.all(app.id) }),
      ]);
    },
    onError: (error, body) => {
      const found = refusalOf(error, body.email);
      if (found) {
        setRefusal(found);
        return;
      }
      if (error instanceof ApiError && Object.keys(error.errors).length > 0) {
        setIssues(serverFieldIssues(error.errors));
        return;
      }
      notifyError(error);
    },
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setInvited(null);
    setRefusal(null);
    const found = fieldIssues(inviteBodySchema, values);
    // Required first, then the e-mail rule (the contract's check names only the rule).
    if (values.email.trim() === '') {
      found.email = { key: 'validation.required' };
    }
    setIssues(found);
    if (Object.keys(found).length === 0) {
      invite.mutate(values);
    }
  };

  return (
    <div className={classes.page} data-testid="invite-page">
      <MembersHeader
        back
        title={t('members.invite.title')}
        lead={t('members.invite.lead', { app: app.name })}
      />

      {invited ? (
        <Alert
          variant="light"
          color="teal"
          icon={<IconCircleCheck size={20} />}
          title={invited.type === 'invited' ? t('members.invite.sentTitle') : t('members.invite.addedTitle')}
          withCloseButton
          onClose={() => setInvited(null)}
          className={classes.notice}
          data-testid="invite-success"
        >
          {invited.type === 'invited'
            ? t('members.invite.sentText', { email: invited.email ?? '', name: fullName(invited) })
            : t('members.invite.addedText', { name: fullName(invited) })}
        </Alert>
      ) : null}

      {refusal ? (
        <Alert
          variant="light"
          color={refusal.code === 'QUOTA_EXCEEDED' ? 'orange' : 'red'}
          icon={<IconAlertTriangle size={20} />}
          title={t(`members.invite.errors.${refusal.code}.title`)}
          className={classes.notice}
          data-testid="invite-refusal"
        >
          {t(`members.invite.errors.${refusal.code}.text`, {
            email: refusal.email,
            limit: refusal.limit ?? '',
          })}
          {refusal.code === 'ALREADY_MEMBER' ? (
            <div>
              <Button
                component={Link}
                to={`${paths.list}?q=${encodeURIComponent(refusal.email)}`}
                variant="subtle"
                size="compact-sm"
                mt={6}
                px={0}
              >
                {t('members.invite.errors.ALREADY_MEMBER.action')}
              </Button>
            </div>
          ) : null}
        </Alert>
      ) : null}

      <Paper withBorder className={classes.formCard}>
        <form onSubmit={handleSubmit} noValidate className={classes.dialogForm} data-testid="invite-form">
          <TextInput
            type="email"
            label={t('members.fields.email')}
            description={t('members.invite.emailHint')}
            leftSection={<IconMail size={17} stroke={1.7} />}
            value={values.email}
            onChange={(event) => set('email', event.currentTarget.value)}
            error={issueText(issues.email)}
            autoComplete="off"
            required
            data-autofocus
          />
          <SimpleGrid cols={isMobile ? 1 : 2} spacing="md">
            <TextInput
              label={t('members.fields.firstName')}
              value={values.firstName}
              maxLength={memberLimits.name}
              onChange={(event) => set('firstName', event.currentTarget.value)}
              error={issueText(issues.firstName)}
              autoComplete="off"
            />
            <TextInput
              label={t('members.fields.lastName')}
              value={values.lastName}
              maxLength={memberLimits.name}
              onChange={(event) => set('lastName', event.currentTarget.value)}
              error={issueText(issues.lastName)}
              autoComplete="off"
            />
          </SimpleGrid>
          <TagSelect
            value={values.tagIds}
            onChange={(tagIds) => set('tagIds', tagIds)}
            description={t('members.invite.tagsHint')}
            error={issueText(issues.tagIds)}
          />
          <div className={classes.switchList}>
            <Switch
              size="md"
              labelPosition="left"
              classNames={{ body: classes.switchBody, labelWrapper: classes.switchLabel }}
              label={t('members.invite.isAdmin')}
              description={t('members.invite.isAdminHint')}
              checked={values.isAdmin}
              onChange={(event) => set('isAdmin', event.currentTarget.checked)}
              data-testid="invite-admin"
            />
            <Switch
              size="md"
              labelPosition="left"
              classNames={{ body: classes.switchBody, labelWrapper: classes.switchLabel }}
              label={t('members.invite.isInvited')}
              description={
                values.isInvited ? t('members.invite.isInvitedOn') : t('members.invite.isInvitedOff')
              }
              checked={values.isInvited}
              onChange={(event) => set('isInvited', event.currentTarget.checked)}
              data-testid="invite-invited"
            />
          </div>
          <Group
            justify="flex-end"
            gap="sm"
            style={isMobile ? { flexDirection: 'column-reverse' } : undefined}
          >
            <Button component={Link} to={paths.list} variant="default" fullWidth={isMobile}>
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              loading={invite.isPending}
              fullWidth={isMobile}
              leftSection={values.isInvited ? <IconSend size={17} /> : <IconUserCheck size={17} />}
              data-testid="invite-submit"
            >
              {values.isInvited ? t('members.invite.submit') : t('members.invite.submitAdd')}
            </Button>
          </Group>
        </form>
      </Paper>
    </div>
  );
}
