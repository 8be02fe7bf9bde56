import type { FeatureManifest } from '../../platform/features.ts';
import { createAccountService } from '../account/public.ts';
import { createCodeService, createSessionService } from '../auth/public.ts';
import { profileRoutes } from './profile.routes.ts';
import { createProfileService } from './profile.service.ts';

/** A member's own profile in an app: form, e-mail, leaving, notification settings, push tokens. */
export const profileFeature: FeatureManifest = {
  name: 'profile',
  routes: ({ db, tokens, codePepper, mailer, logger, urlSigner }) => {
    const sessions = createSessionService({ db, tokens, logger });
    const codes = createCodeService({ db, pepper: codePepper });
    const account = createAccountService({ db, codes, sessions, mailer });
    return profileRoutes({
      profiles: createProfileService({
        db,
        codes,
        sessions,
        mailer,
        account,
        sign: (path) => urlSigner.sign(path),
      }),
      db,
    });
  },
};
