import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { Providers } from './Providers';
import type { createRouter } from './router';

export interface AppProps {
  queryClient: QueryClient;
  router: ReturnType<typeof createRouter>;
}

/** The app: made in main.tsx, where the router starts the first page's code and data before React renders. */
export function App({ queryClient, router }: AppProps) {
  return (
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  );
}
