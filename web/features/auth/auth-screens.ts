// The auth area's lazy chunk: every auth screen loads together.
export { SignInPage } from './sign-in-page';
export { ResetPage, SignupPage } from './pending-auth-page';
