import { useState } from 'react';
import { Alert, Checkbox } from '@mantine/core';
import { IconMailOpened, IconMailPlus, IconUserCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SignupForm } from '../auth-api';
import { AuthCard } from '../auth-card';
import { CodeStep } from '../code/code-step';
import { useCodeChallenge } from '../code/use-code-challenge';
import { EmailStep } from '../email-step';
import { SignupDetailsForm } from '../signup/signup-details-form';
import { useNewAccount } from '../signup/use-new-account';
import { invitationApi, isInvitationGone, type InvitationInfo } from './invitation-api';
import { useEnterApp } from './use-enter-app';
import classes from '../auth.module.css';

type Step = 'invite' | 'code' | 'details';

type JoinFlowProps = {
  invitationToken: string;
  invitation: InvitationInfo;
  /** The invitation was used or ran out while the person was on the way. */
  onGone: () => void;
};

/**
 * Spec rows AUTH-07…10: the invited address → the mailed code → signed in (existing account), or → the
 * new-account form with the invited names → signed in. Either way the person lands in the app.
 */
export function JoinFlow({ invitationToken, invitation, onGone }: JoinFlowProps) {
  const { t } = useTranslation();
  const { app } = invitation;
  const isLink = invitation.kind === 'link';
  // A personal invitation names the address; an invite link lets the person enter their own.
  const [email, setEmail] = useState(invitation.email ?? '');
  const enterApp = useEnterApp(app.slug);
  const [step, setStep] = useState<Step>('invite');
  // The send call answers it again: someone may have signed up with the address meanwhile.
  const [hasAccount, setHasAccount] = useState(invitation.hasAccount);
  const [isRemember, setRemember] = useState(true);
  const [code, setCode] = useState('');

  const restart = () => setStep('invite');
  const challenge = useCodeChallenge({
    resend: () => invitationApi.sendCode(invitationToken, email, true),
    onRestart: restart,
  });

  /** A gone invitation ends the flow on its own screen; everything else is the code step's business. */
  const failCode = (error: unknown) => {
    if (isInvitationGone(error)) {
      onGone();
    } else {
      challenge.fail(error);
    }
  };

  const sendCode = async (entered: string) => {
    const login = isLink ? entered : email;
    try {
      const sent = await invitationApi.sendCode(invitationToken, login);
      setEmail(login);
      setHasAccount(sent.hasAccount);
      challenge.begin(sent.limits);
      setStep('code');
    } catch (error) {
      if (isInvitationGone(error)) {
        onGone();
        return;
      }
      throw error;
    }
  };

  const confirm = useMutation({
    mutationFn: async (value: string) =>
      enterApp(await invitationApi.confirm(invitationToken, email, value, isRemember)),
    meta: { silent: true },
    onError: failCode,
  });

  const checkCode = useMutation({
    mutationFn: (value: string) => invitationApi.checkCode(invitationToken, email, value),
    meta: { silent: true },
    onSuccess: ({ limits }, value) => {
      challenge.begin(limits);
      setCode(value);
      setStep('details');
    },
    onError: failCode,
  });

  const createAccount = useNewAccount({
    submit: async (form: SignupForm) =>
      enterApp(await invitationApi.confirmNewUser(invitationToken, email, form)),
    challenge,
    onBackToCode: () => setStep('code'),
    onRestart: restart,
    onOwnFailure: (error) => {
      if (!isInvitationGone(error)) {
        return false;
      }
      onGone();
      return true;
    },
  });

  const stepLabel = (index: number) => t('auth.signup.step', { current: index, total: hasAccount ? 2 : 3 });
  const notice = (
    <Alert
      className={classes.notice}
      color="brand"
      variant="light"
      icon={<IconMailPlus size={18} stroke={1.7} />}
    >
      {t('auth.join.notice', { app: app.name })}
    </Alert>
  );

  if (step === 'code') {
    return (
      <AuthCard
        testId="join-code"
        icon={<IconMailOpened size={24} stroke={1.7} />}
        stepLabel={stepLabel(2)}
        title={t('auth.code.title')}
        notice={notice}
      >
        <CodeStep
          email={email}
          challenge={challenge}
          submitLabel={hasAccount ? t('auth.join.acceptSubmit') : t('auth.signup.confirmSubmit')}
          submitting={hasAccount ? confirm.isPending : checkCode.isPending}
          onSubmit={(value) => (hasAccount ? confirm.mutate(value) : checkCode.mutate(value))}
        />
      </AuthCard>
    );
  }

  if (step === 'details') {
    return (
      <AuthCard
        wide
        testId="join-profile"
        icon={<IconUserCircle size={24} stroke={1.7} />}
        stepLabel={stepLabel(3)}
        title={t('auth.signup.detailsTitle')}
        subtitle={t('auth.join.detailsSubtitle', { email, app: app.name })}
        notice={notice}
      >
        <SignupDetailsForm
          email={email}
          code={code}
          initialFirstName={invitation.firstName}
          initialLastName={invitation.lastName}
          submitLabel={t('auth.join.createSubmit')}
          submitting={createAccount.submitting}
          onSubmit={createAccount.submit}
          serverIssues={createAccount.serverIssues}
          retryAt={createAccount.retryAt}
        />
      </AuthCard>
    );
  }

  const subtitle = isLink
    ? t('auth.join.subtitleLink')
    : hasAccount
      ? t('auth.join.subtitleExisting')
      : t('auth.join.subtitleNew');
  const greeting = invitation.firstName.trim()
    ? `${t('auth.join.greeting', { name: invitation.firstName.trim() })} `
    : '';
  return (
    <AuthCard
      testId="join-invite"
      icon={<IconMailPlus size={24} stroke={1.7} />}
      stepLabel={stepLabel(1)}
      title={t('auth.join.title', { app: app.name })}
      subtitle={`${greeting}${subtitle}`}
      note={t('auth.join.note')}
    >
      <EmailStep
        testId="join-form"
        readOnly={!isLink}
        initialEmail={email}
        label={isLink ? t('auth.join.emailLabelLink') : t('auth.join.emailLabel')}
        description={isLink ? t('auth.join.emailHintLink') : t('auth.join.emailHint')}
        submitLabel={t('auth.join.sendCode')}
        onSubmit={sendCode}
      >
        {hasAccount ? (
          <Checkbox
            className={classes.remember}
            label={t('auth.signIn.remember')}
            description={t('auth.signIn.rememberHint')}
            checked={isRemember}
            onChange={(event) => setRemember(event.currentTarget.checked)}
          />
        ) : null}
      </EmailStep>
    </AuthCard>
  );
}
