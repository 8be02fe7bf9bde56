import { stopLoad } from './load.ts';

// Cleanup steps run last-in first-out, once, on success, failure or a signal.
const cleanups: { label: string; run: () => Promise<void> }[] = [];
let cleaning: Promise<void> | undefined;
let interrupted = false;

/** Registers a cleanup step (stop a server, drop a database, remove a worktree). */
export function defer(label: string, run: () => Promise<void>): void {
  cleanups.push({ label, run });
}

/** Throws once Ctrl-C (or SIGTERM) arrived, so a run stops between scenarios. */
export function throwIfInterrupted(): void {
  if (interrupted) {
    throw new Error('interrupted');
  }
}

async function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    for (let step = cleanups.pop(); step; step = cleanups.pop()) {
      try {
        await step.run();
      } catch (error) {
        console.error(`cleanup (${step.label}) failed: ${(error as Error).message}`);
      }
    }
  })();
  return cleaning;
}

function onSignal(signal: NodeJS.Signals): void {
  if (interrupted) {
    console.error(
      `${signal} again: exiting without finishing cleanup (${cleanups.map((step) => step.label).join(', ') || 'nothing left'})`,
    );
    process.exit(130);
  }
  interrupted = true;
  console.error(`\n${signal}: stopping the load, the servers and dropping the scratch databases …`);
  stopLoad();
  void cleanup().finally(() => process.exit(130));
}

/**
 * Runs a bench entry point and exits with its status: 130 after Ctrl-C, 1 when it threw. The cleanup steps
 * always run, also on an error or a signal.
 */
export async function runToExit(main: () => Promise<number>): Promise<never> {
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  let exitCode = 1;
  try {
    exitCode = await main();
  } catch (error) {
    if (!interrupted) {
      console.error(`bench failed: ${(error as Error).stack ?? String(error)}`);
    }
  } finally {
    await cleanup();
  }
  process.exit(interrupted ? 130 : exitCode);
}

export function progress(message: string): void {
  console.error(message);
}
