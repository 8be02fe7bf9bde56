import { features } from './features.ts';
import type { FeatureContext } from './platform/features.ts';
import type { JobDefinition } from './platform/jobs.ts';
import { mailDeliverJob } from './platform/mail/mailer.ts';

/** Every job the worker role handles: the platform's mail delivery and each feature's jobs (their manifests). */
export function workerJobs(context: FeatureContext): JobDefinition<never>[] {
  return [mailDeliverJob(context.mailer), ...features.flatMap((feature) => feature.jobs?.(context) ?? [])];
}
