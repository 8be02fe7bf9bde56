import { SignInPage } from '../sign-in/sign-in-page';

/** The invitation link: sign in (or sign up) first; the route's loader has kept the token. */
export function JoinPage() {
  return <SignInPage invited />;
}
