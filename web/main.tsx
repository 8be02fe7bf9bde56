import './app/mantine-styles';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { installSessionHandling } from './kernel/session/session';
import { initI18n } from './i18n/i18n';

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) {
    throw new Error('Missing #root element');
  }
  // Texts first: even the "server unreachable" screen is translated.
  await initI18n();
  installSessionHandling();
  createRoot(container).render(
    <StrictMode>
      <AppProviders queryClient={createQueryClient()}>
        <App />
      </AppProviders>
    </StrictMode>,
  );
}

void start();
