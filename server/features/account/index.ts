import type { FeatureManifest } from '../../platform/features.ts';
import { createCodeService, createSessionService } from '../auth/public.ts';
import { accountRoutes } from './account.routes.ts';
import { createAccountService } from './account.service.ts';

/** The signed-in person's account: names, language, time zone, e-mail, password, deletion. */
export const accountFeature: FeatureManifest = {
  name: 'account',
  routes: ({ db, tokens, codePepper, mailer, logger }) => {
    const sessions = createSessionService({ db, tokens, logger });
    const codes = createCodeService({ db, pepper: codePepper });
    return accountRoutes({ account: createAccountService({ db, codes, sessions, mailer }) });
  },
};
