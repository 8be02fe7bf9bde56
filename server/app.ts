import { parse as parseQueryString } from 'node:querystring';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { errorCodes } from '../contracts/errors.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { accountRoutes } from './features/account/account.routes.ts';
import { createAccountService } from './features/account/account.service.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { createAuthService } from './features/auth/auth.service.ts';
import { createCodeService } from './features/auth/codes.service.ts';
import { createSessionService } from './features/auth/sessions.service.ts';
import { profileRoutes } from './features/profile/profile.routes.ts';
import { contactRoutes } from './features/contacts/contacts.routes.ts';
import { createContactService } from './features/contacts/contacts.service.ts';
import { createGeneralProfileService } from './features/contacts/general-profile.service.ts';
import { gifRoutes } from './features/gifs/gifs.routes.ts';
import { createGifService } from './features/gifs/gifs.service.ts';
import { gifImageOrigins } from './features/gifs/giphy.client.ts';
import { teamRoutes } from './features/team/team.routes.ts';
import { createTeamService } from './features/team/team.service.ts';
import { invitationRoutes } from './features/invitations/invitations.routes.ts';
import { createInvitationService } from './features/invitations/invitations.service.ts';
import { createProfileService } from './features/profile/profile.service.ts';
import { systemRoutes } from './features/system/system.routes.ts';
import { taskRoutes } from './features/tasks/tasks.routes.ts';
import { createTaskService } from './features/tasks/tasks.service.ts';
import { workspaceRoutes } from './features/workspace/workspace.routes.ts';
import { appRoutes } from './features/apps/apps.routes.ts';
import { appHostOf } from './features/apps/apps.presenter.ts';
import { createAppServicesService } from './features/apps/app-services.service.ts';
import { createAppsService } from './features/apps/apps.service.ts';
import { projectRoutes } from './features/projects/projects.routes.ts';
import { createProjectService } from './features/projects/projects.service.ts';
import { createWorkspaceService } from './features/workspace/workspace.service.ts';
import { createAccessScopes } from './features/workspace/scopes.ts';
import { tagRoutes } from './features/tags/tags.routes.ts';
import { createTagService } from './features/tags/tags.service.ts';
import { customFieldRoutes } from './features/custom-fields/custom-fields.routes.ts';
import { createCustomFieldService } from './features/custom-fields/custom-fields.service.ts';
import { invitationLinkRoutes } from './features/invitation-links/invitation-links.routes.ts';
import { createInvitationLinkService } from './features/invitation-links/invitation-links.service.ts';
import { fileRoutes } from './features/cloud/files.routes.ts';
import { libraryRoutes } from './features/cloud/library.routes.ts';
import { createLibraryService } from './features/cloud/library.service.ts';
import { createFileService } from './features/cloud/files.service.ts';
import { createUploadService } from './features/cloud/uploads.service.ts';
import { createCloudScopes } from './features/cloud/cloud.scopes.ts';
import { createImportService } from './features/members/import.service.ts';
import { createInviteService } from './features/members/invite.service.ts';
import { memberRoutes } from './features/members/members.routes.ts';
import { createMemberService } from './features/members/members.service.ts';
import { createAttemptLimiter } from './platform/attempt-limiter.ts';
import { authPlugin, type TokenService } from './platform/auth.ts';
import { registerErrorHandler } from './platform/error-handler.ts';
import { registerInputGuard } from './platform/input-guard.ts';
import { AppError } from './platform/errors.ts';
import { registerDocs, registerRateLimit, registerSecurityHeaders } from './platform/http.ts';
import { newId } from './platform/ids.ts';
import { createInFlight, type InFlight } from './platform/in-flight.ts';
import type { Jobs } from './platform/jobs.ts';
import type { Mailer } from './platform/mail/mailer.ts';
import {
  registerRoutes,
  type RouteDeclaration,
  type RouteDefinition,
  type RoutePipeline,
} from './platform/routes.ts';
import { registerStaticWeb } from './platform/static-web.ts';
import type { UrlSigner } from './platform/storage/signed-url.ts';
import type { BlobStorage } from './platform/storage/storage.ts';

export type AppDeps = {
  config: Config;
  database: Database;
  tokens: TokenService;
  codePepper: string;
  mailer: Mailer;
  jobs: Jobs;
  logger: Logger;
  redis?: Redis;
  /** The cloud library's bytes and the signer of their addresses. */
  storage: BlobStorage;
  urlSigner: UrlSigner;
  /** Extra routes (tests use this to exercise the platform with routes of their own). */
  extraRoutes?: RouteDefinition<never, never>[];
  /** Tests only: told when a request passed its route's declared checks (the permission matrix uses it). */
  onAuthorized?: RoutePipeline['onAuthorized'];
};

// Declaration merging needs `interface`.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'fastify' {
  interface FastifyInstance {
    routeDeclarations: RouteDeclaration[];
    /** Route handlers still running; shutdown drains them before closing the database. */
    inFlight: InFlight;
  }
  interface FastifyContextConfig {
    declaration?: RouteDeclaration;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

const requestIdPattern = /^[A-Za-z0-9._-]{8,80}$/;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  // Typed as Fastify's base logger so the instance type stays the default one every plugin expects.
  const loggerInstance: FastifyBaseLogger = deps.logger;
  const app = Fastify({
    loggerInstance,
    bodyLimit: config.bodyLimitBytes,
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.requestTimeoutMs,
    keepAliveTimeout: 10_000,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    trustProxy: config.trustProxy,
    routerOptions: { querystringParser: parseQuery },
    requestIdHeader: 'x-request-id',
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && requestIdPattern.test(incoming) ? incoming : newId();
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Every /api route must come through defineRoute with an auth mode and an ability; anything else stops start-up.
  app.decorate('routeDeclarations', [] as RouteDeclaration[]);
  app.decorate('inFlight', createInFlight());
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!route.url.startsWith('/api') || methods.every((method) => method === 'HEAD')) {
      return;
    }
    const declaration = route.config?.declaration ?? docsDeclaration(route.url, methods);
    if (!declaration) {
      throw new Error(
        `route ${methods.join(',')} ${route.url} was registered without defineRoute (auth mode and ability)`,
      );
    }
    app.routeDeclarations.push(declaration);
  });
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });

  registerErrorHandler(app);
  registerInputGuard(app);
  // tus PATCH bodies stay unread here: the upload handler streams them to disk itself.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
  await registerSecurityHeaders(app, { imageOrigins: gifImageOrigins(config.gifs) });
  await registerRateLimit(app, deps.redis);
  await registerDocs(app, config.version);
  await app.register(authPlugin, { tokens: deps.tokens });

  const { db } = deps.database;
  const tasks = createTaskService({ db });
  const sessions = createSessionService({ db, tokens: deps.tokens, logger: deps.logger });
  const codes = createCodeService({ db, pepper: deps.codePepper });
  const auth = createAuthService({
    db,
    codes,
    sessions,
    mailer: deps.mailer,
    logger: deps.logger,
    publicBaseUrl: config.publicBaseUrl,
  });
  const account = createAccountService({ db, codes, sessions, mailer: deps.mailer });
  const profiles = createProfileService({ db, codes, sessions, mailer: deps.mailer, account });
  const limiter = createAttemptLimiter(deps.redis);
  const appHost = appHostOf(config);
  const members = createMemberService({ db });
  const scopes = createAccessScopes(db);
  const cloudScopes = createCloudScopes(db);
  // The explicit list of every feature's routes.
  registerRoutes(
    app,
    [
      ...systemRoutes({ config, database: deps.database }),
      ...taskRoutes({ tasks }),
      ...authRoutes({ auth, profiles }),
      ...invitationRoutes({
        invitations: createInvitationService({ db, codes, sessions, mailer: deps.mailer }),
      }),
      ...accountRoutes({ account }),
      ...workspaceRoutes({ workspace: createWorkspaceService({ db, host: appHost }) }),
      ...projectRoutes({
        projects: createProjectService({ db, defaultTariffId: config.defaultTariffId }),
        scopes,
        db,
      }),
      ...appRoutes({
        apps: createAppsService({ db, host: appHost }),
        appServices: createAppServicesService({ db }),
        scopes,
        db,
      }),
      ...profileRoutes({ profiles, db }),
      ...teamRoutes({
        team: createTeamService({ db, mailer: deps.mailer, publicBaseUrl: config.publicBaseUrl }),
        scopes,
        db,
      }),
      ...contactRoutes({
        contacts: createContactService({ db }),
        generalProfiles: createGeneralProfileService({ db }),
        scopes,
        db,
      }),
      ...tagRoutes({ tags: createTagService({ db }), scopes, db }),
      ...gifRoutes({ gifs: createGifService({ config: config.gifs, logger: deps.logger }) }),
      ...customFieldRoutes({ customFields: createCustomFieldService({ db }), scopes, db }),
      ...invitationLinkRoutes({
        invitationLinks: createInvitationLinkService({ db, appBaseUrl: appHost.appBaseUrl }),
        scopes,
        db,
      }),
      ...memberRoutes({
        members,
        invites: createInviteService({ db, mailer: deps.mailer, appBaseUrl: appHost.appBaseUrl }),
        imports: createImportService({ db, jobs: deps.jobs, tasks, appBaseUrl: appHost.appBaseUrl }),
        scopes,
        db,
      }),
      ...fileRoutes({
        uploads: createUploadService({
          db,
          storage: deps.storage,
          jobs: deps.jobs,
          sign: (path) => deps.urlSigner.sign(path),
          dataDir: config.dataDir,
          logger: deps.logger,
          redis: deps.redis,
        }),
        files: createFileService({ db, storage: deps.storage, signer: deps.urlSigner }),
      }),
      ...libraryRoutes({
        library: createLibraryService({
        scopes: cloudScopes,
          db,
          storage: deps.storage,
          sign: (path) => deps.urlSigner.sign(path),
          logger: deps.logger,
        }),
      }),
      ...(deps.extraRoutes ?? []),
    ] as RouteDefinition<never, never>[],
        scopes: cloudScopes,
    { inFlight: app.inFlight, limiter, onAuthorized: deps.onAuthorized },
  );

  const webServed = config.serveWeb ? await registerStaticWeb(app) : false;
  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage = request.method === 'GET' && !request.url.startsWith('/api') && webServed;
    if (wantsPage) {
      // Client-side routes: the SPA decides what exists (and shows its own not-found page).
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    const error = new AppError(404, errorCodes.notFound);
    return reply.status(404).send(error.toBody());
  });

  return app;
}

function docsDeclaration(url: string, methods: string[]): RouteDeclaration | undefined {
  if (url === '/api/docs' || url.startsWith('/api/docs/')) {
    return {
      method: methods.filter((method) => method !== 'HEAD').join(',') as 'GET',
      url,
      auth: 'public',
      ability: 'public',
      scope: '-',
      limit: '-',
    };
  }
  return undefined;
}

/** `?ids[]=a&ids[]=b` (the style many clients send) reads like `?ids=a&ids=b`. */
function parseQuery(query: string): Record<string, unknown> {
  const parsed = parseQueryString(query);
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (key.endsWith('[]')) {
      const name = key.slice(0, -2);
      const existing = result[name] as string | string[] | undefined;
      const values: string[] = Array.isArray(value) ? value : value === undefined ? [] : [value];
      result[name] = [
        ...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]),
        ...values,
      ];
    } else {
      result[key] = value;
    }
  }
  return result;
}
