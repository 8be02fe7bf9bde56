import './kernel/zod-config';
import './app/mantine-styles';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, startRouter } from './app/app';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { setAppQueryClient } from './kernel/app-query-client';
import { clientConfigQuery } from './kernel/client-config';
import { isConfiguredHost } from './kernel/host';
import { nextTask } from './kernel/next-task';
import { installSessionHandling } from './kernel/session/session';
import { restoreSessionOnce, stashCodeOf } from './kernel/session/settle';
import { initI18n } from './i18n/i18n';

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) {
    throw new Error('Missing #root element');
  }
  installSessionHandling();
  const queryClient = createQueryClient();
  setAppQueryClient(queryClient);
  // What the first screen waits for is asked for at once, not one after the other: the texts, the client
  // configuration and the stored session (memoised: the root route's loader takes the same answer). An address
  // with a stash code is left to the root loader: the code's exchange comes first, and its failure is a
  // notification that needs the texts.
  const config = queryClient.prefetchQuery(clientConfigQuery);
  if (!stashCodeOf(new URL(window.location.href))) {
    void restoreSessionOnce();
    // The first screen's chunks and data need the configuration (which host this is) but not the texts: the
    // router starts them as soon as the configuration is here, while the texts still load.
    void config.then(async () => {
      // Not in the task that evaluated the start chunk: that one is long enough on a phone.
      await nextTask();
      const loaded = queryClient.getQueryData(clientConfigQuery.queryKey);
      if (loaded && isConfiguredHost(loaded, window.location.host)) {
        startRouter(loaded);
      }
    });
  }
  // Texts first: even the "server unreachable" screen is translated. The configuration is in the cache before the
  // first render (a failure stays in it for the app's error screen), so the app renders the screen at once
  // instead of a loader that a second, blocking render replaces.
  await Promise.all([initI18n(), config]);
  // The first render starts in a task of its own, not behind the work that settled the last of the two.
  await nextTask();
  const root = createRoot(container);
  // A transition renders in slices that give the main thread back every few milliseconds, so the first render
  // of a whole screen does not block input (or the page's first paint) as one long task.
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <App />
        </AppProviders>
      </StrictMode>,
    );
  });
}

void start();
