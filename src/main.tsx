// First: configures zod before any schema is created (see the module).
import './lib/zod-config';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { currentUserQuery } from './features/auth/api/current-user';
import { startOutbox } from './features/outbox/outbox-instance';
import { UpdatePrompt } from './features/pwa/components/update-prompt';
import { registerServiceWorker } from './features/pwa/service-worker-registration';
import { queryClient } from './lib/query-client';
import { persistOptions, refreshRestoredQueries, watchCacheOwner } from './lib/query-persistence';
import { initTheme } from './lib/theme';
import { router } from './router';
import './styles.css';

initTheme();
watchCacheOwner(queryClient, currentUserQuery.queryKey);
startOutbox();
registerServiceWorker();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <PersistQueryClientProvider
      client={queryClient}
      persistOptions={persistOptions}
      onSuccess={() => refreshRestoredQueries(queryClient)}
    >
      <RouterProvider router={router} />
      <UpdatePrompt />
    </PersistQueryClientProvider>
  </StrictMode>,
);
