import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { TokenService } from './auth.ts';
import type { JobDefinition, Jobs, QueuePolicy } from './jobs.ts';
import type { Mailer } from './mail/mailer.ts';
import type { Realtime } from './realtime.ts';
import type { DeclaredRoute } from './routes.ts';
import type { PageHeadResolver } from './static-web.ts';
import type { UrlSigner } from './storage/signed-url.ts';
import type { BlobStorage } from './storage/storage.ts';

/*
 * A feature's manifest (issue 12 §5): everything the platform needs to know of it, in one object exported by
 * `server/features/<area>/index.ts`. `server/features.ts` lists the manifests; the web role registers their
 * routes, the worker role their jobs, every process creates their queues, and the suites that walk the
 * route table learn how to fill their path parameters. A new feature is its folder plus one line there.
 */

/** A chat message committed (new, not a retried send): what the chat tells the features that listen. */
export type ChatMessageSent = {
  appId: string;
  chatId: string;
  /** The chat's kind ('private', 'group', 'support'): most listeners care for one kind only. */
  chatKind: string;
  messageId: string;
  authorProfileId: string;
};

/** What a process holds open, handed to every feature. */
export type FeatureContext = {
  config: Config;
  database: Database;
  db: Db;
  tokens: TokenService;
  codePepper: string;
  mailer: Mailer;
  jobs: Jobs;
  logger: Logger;
  redis: Redis | undefined;
  /** Emit to app, profile and chat rooms after a write committed (server/platform/realtime.ts). */
  realtime: Realtime;
  storage: BlobStorage;
  urlSigner: UrlSigner;
  /**
   * In the worker's jobs: tells every feature's `onFileProcessed` that the cloud finished a file (server/worker.ts).
   * Never throws; a listener's failure is logged.
   */
  fileProcessed?: (fileId: string) => Promise<void>;
  /**
   * In the web role: tells every feature's `onChatMessageSent` that a chat message committed (server/app.ts; the
   * chat calls it from its after-commit hooks). Never throws; a listener's failure is logged.
   */
  chatMessageSent?: (event: ChatMessageSent) => Promise<void>;
};

export type FeatureManifest = {
  name: string;
  /** The feature's HTTP routes (web role). */
  routes?: (context: FeatureContext) => readonly DeclaredRoute[];
  /** The queues the feature sends jobs to, with their retry policies (created by every process). */
  queues?: Record<string, QueuePolicy>;
  /** The handlers of those queues (worker role). */
  jobs?: (context: FeatureContext) => JobDefinition<never>[];
  /**
   * The head of the web app's page for addresses of the feature (titles and link previews without JavaScript):
   * asked in manifest order for every page request until one answers (server/platform/static-web.ts).
   */
  pageHead?: (context: FeatureContext) => PageHeadResolver;
  /**
   * Told in the worker when the cloud finished processing a file (thumbnails, a video's mp4, an audio's length)
   * or gave up on it, so a feature that shows the file elsewhere can tell its readers (the chat: `chat:update`).
   */
  onFileProcessed?: (context: FeatureContext) => (fileId: string) => Promise<void>;
  /**
   * Told, after commit, of every new chat message (the tickets: a member's reply reopens a completed ticket, the
   * team's first answer stops the first-response clock). A lower feature cannot import a higher one; this way
   * the chat tells whoever listens without knowing them.
   */
  onChatMessageSent?: (context: FeatureContext) => (event: ChatMessageSent) => Promise<void>;
  /** Image hosts the feature's pages show pictures from (the CSP's img-src). */
  imageOrigins?: (config: Config) => string[];
  /**
   * How the route-table suites (tenant isolation, bad input, the role matrix) fill this feature's path
   * parameters: a parameter name, or `:id` after a path segment (`tags/:id` → `tags`), mapped to the key of
   * the tenant fixture's ids (server/test/route-table.ts).
   */
  pathParams?: Record<string, string>;
};

export function queuesOf(features: readonly FeatureManifest[]): Record<string, QueuePolicy> {
  const queues: Record<string, QueuePolicy> = {};
  for (const feature of features) {
    for (const [name, policy] of Object.entries(feature.queues ?? {})) {
      if (queues[name]) {
        throw new Error(`queue ${name} is declared by two features`);
      }
      queues[name] = policy;
    }
  }
  return queues;
}
