import { useSearchParams } from 'react-router';
import { SignupFlow } from './signup-flow';

/** `/auth/signup`: reachable signed in too (GAPS 29). */
export function SignupPage() {
  const [params] = useSearchParams();
  return <SignupFlow entry="signup" initialEmail={params.get('login') ?? ''} />;
}

/** `/auth/signup/confirm?login=`: the "confirm e-mail" step when reached by link (guest only). */
export function SignupConfirmPage() {
  const [params] = useSearchParams();
  return <SignupFlow entry="confirm" initialEmail={params.get('login') ?? ''} />;
}
