import { features } from './features.ts';
import type { FeatureContext } from './platform/features.ts';
import type { JobDefinition } from './platform/jobs.ts';
import { mailDeliverJob } from './platform/mail/mailer.ts';

/** Tells every feature that listens (`onFileProcessed`) that the cloud finished a file; never throws. */
export function fileProcessedListeners(context: FeatureContext): (fileId: string) => Promise<void> {
  const listeners = features.flatMap((feature) =>
    feature.onFileProcessed ? [feature.onFileProcessed(context)] : [],
  );
  return async (fileId) => {
    await Promise.all(
      listeners.map((listener) =>
        listener(fileId).catch((error: unknown) =>
          context.logger.warn({ err: error, fileId }, 'a listener of processed files failed'),
        ),
      ),
    );
  };
}

/**
 * Every job the worker role handles: the platform's mail delivery and each feature's jobs (their manifests).
 * The jobs' context tells the features that listen when the cloud finished a file.
 */
export function workerJobs(context: FeatureContext): JobDefinition<never>[] {
  const withEvents: FeatureContext = { ...context, fileProcessed: fileProcessedListeners(context) };
  return [mailDeliverJob(context.mailer), ...features.flatMap((feature) => feature.jobs?.(withEvents) ?? [])];
}
