import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import '@fontsource/inter/latin-400.css';
import '@fontsource/inter/latin-500.css';
import '@fontsource/inter/latin-600.css';
import '@fontsource/inter/latin-700.css';
import '@fontsource/playfair-display/latin-700.css';
import '@fontsource/playfair-display/latin-900.css';
import '@fontsource/special-elite/latin-400.css';
import './index.css';
import { createAppRouter } from './router';
import { queryClient } from './lib/queryClient';
import { getSessionId } from './lib/session';
import { registerServiceWorker } from './lib/service-worker';

// Every tab gets its session id in the address before the first render (spec: added without reload).
getSessionId();

const router = createAppRouter();
registerServiceWorker();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
