import { useEffect, useState } from 'react';
import { Anchor, Text } from '@mantine/core';
import { IconMailOpened, IconUserPlus, IconUserCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { markFirstSignIn } from '../../../kernel/session/first-visit';
import { AuthCard } from '../auth-card';
import type { SignupForm } from '../auth-api';
import { CodeStep } from '../code/code-step';
import { useCodeChallenge } from '../code/use-code-challenge';
import { EmailStep } from '../email-step';
import { useAuthPath } from '../use-auth-path';
import { useFinishSignIn } from '../use-finish-sign-in';
import { SignupDetailsForm } from './signup-details-form';
import { clearSignupProgress, readSignupProgress, saveSignupProgress } from './signup-progress';
import { useNewAccount } from './use-new-account';
import { useAuthApi } from '../use-auth-api';

type Step = 'email' | 'code' | 'details';

type SignupFlowProps = {
  /** `confirm`: reached by link (`/auth/signup/confirm?login=`): starts at the code, sends by "confirm e-mail". */
  entry: 'signup' | 'confirm';
  initialEmail?: string;
};

/** Spec §4: e-mail → code (the "confirm e-mail" step) → the person's details → signed in. */
export function SignupFlow({ entry, initialEmail = '' }: SignupFlowProps) {
  const { t } = useTranslation();
  const authApi = useAuthApi();
  const signInPath = useAuthPath();
  const finishSignIn = useFinishSignIn();
  // A reload on the code step (or after it) comes back to the code step of the same address.
  const [saved] = useState(() => readSignupProgress(entry));
  const resumes = saved !== null && (!initialEmail || saved.email === initialEmail);
  const [step, setStep] = useState<Step>(
    resumes || (entry === 'confirm' && initialEmail) ? 'code' : 'email',
  );
  const [email, setEmail] = useState(resumes ? saved.email : initialEmail);
  const [code, setCode] = useState('');

  const restart = () => setStep('email');
  const challenge = useCodeChallenge({
    resend: () => authApi.sendEmailConfirmation(email),
    onRestart: restart,
    initialDeadlines: resumes ? saved.deadlines : null,
  });
  const { deadlines } = challenge;

  useEffect(() => {
    if (step === 'email') {
      clearSignupProgress();
    } else if (deadlines) {
      saveSignupProgress({ entry, email, deadlines });
    }
  }, [step, entry, email, deadlines]);

  const sendCode = async (login: string) => {
    const { limits } =
      entry === 'confirm' ? await authApi.sendEmailConfirmation(login) : await authApi.sendSignupCode(login);
    setEmail(login);
    challenge.begin(limits);
    setStep('code');
  };

  const checkCode = useMutation({
    mutationFn: (value: string) => authApi.checkSignupCode(email, value),
    meta: { silent: true },
    onSuccess: ({ limits }, value) => {
      challenge.begin(limits);
      setCode(value);
      setStep('details');
    },
    onError: challenge.fail,
  });

  const signUp = useNewAccount({
    submit: async (form: SignupForm) => {
      const session = await authApi.signUp(email, form);
      clearSignupProgress();
      markFirstSignIn(session.account.id);
      finishSignIn(session);
    },
    challenge,
    onBackToCode: () => setStep('code'),
    onRestart: restart,
  });

  const stepLabel = (index: number) => t('auth.signup.step', { current: index, total: 3 });
  const signInFooter = (
    <Text size="sm" c="inherit" ta="center">
      {t('auth.signup.haveAccount')}{' '}
      <Anchor component={Link} to={signInPath} size="sm" fw={600}>
        {t('auth.signup.signInLink')}
      </Anchor>
    </Text>
  );

  if (step === 'code') {
    return (
      <AuthCard
        testId="signup-code"
        icon={<IconMailOpened size={24} stroke={1.7} />}
        stepLabel={stepLabel(2)}
        title={t('auth.signup.confirmTitle')}
      >
        <CodeStep
          email={email}
          challenge={challenge}
          submitLabel={t('auth.signup.confirmSubmit')}
          submitting={checkCode.isPending}
          onSubmit={(value) => checkCode.mutate(value)}
          onChangeEmail={restart}
        />
      </AuthCard>
    );
  }

  if (step === 'details') {
    return (
      <AuthCard
        wide
        testId="signup-profile"
        icon={<IconUserCircle size={24} stroke={1.7} />}
        stepLabel={stepLabel(3)}
        title={t('auth.signup.detailsTitle')}
        subtitle={t('auth.signup.detailsSubtitle', { email })}
      >
        <SignupDetailsForm
          email={email}
          code={code}
          submitting={signUp.submitting}
          onSubmit={signUp.submit}
          serverIssues={signUp.serverIssues}
          retryAt={signUp.retryAt}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      testId="signup-email"
      icon={<IconUserPlus size={24} stroke={1.7} />}
      stepLabel={stepLabel(1)}
      title={entry === 'confirm' ? t('auth.signup.confirmTitle') : t('auth.signup.title')}
      subtitle={entry === 'confirm' ? t('auth.signup.confirmSubtitle') : t('auth.signup.subtitle')}
      footer={signInFooter}
    >
      <EmailStep
        testId="signup-form"
        initialEmail={email}
        submitLabel={entry === 'confirm' ? t('auth.signup.sendConfirmation') : t('auth.signup.sendCode')}
        onSubmit={sendCode}
      />
    </AuthCard>
  );
}
