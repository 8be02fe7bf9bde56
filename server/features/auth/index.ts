import type { FeatureManifest } from '../../platform/features.ts';
import { createProfileService } from '../profile/public.ts';
import { createAccountService } from '../account/public.ts';
import { authRoutes } from './auth.routes.ts';
import { createAuthService } from './auth.service.ts';
import { createCodeService } from './codes.service.ts';
import { createSessionService } from './sessions.service.ts';

/** Sign-up, sign-in by code or password, sessions, password reset and the hand-off between hosts. */
export const authFeature: FeatureManifest = {
  name: 'auth',
  routes: ({ db, tokens, codePepper, mailer, logger, config, urlSigner }) => {
    const sessions = createSessionService({ db, tokens, logger });
    const codes = createCodeService({ db, pepper: codePepper });
    const account = createAccountService({ db, codes, sessions, mailer });
    return authRoutes({
      auth: createAuthService({ db, codes, sessions, mailer, logger, publicBaseUrl: config.publicBaseUrl }),
      profiles: createProfileService({
        db,
        codes,
        sessions,
        mailer,
        account,
        sign: (path) => urlSigner.sign(path),
      }),
    });
  },
  pathParams: { code: 'credential' },
};
