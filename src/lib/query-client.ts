import { QueryClient } from '@tanstack/react-query';

/**
 * The API client already told the user about a failure; a silent automatic retry would show the
 * same toast again, so retries stay off and the screens offer their own.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
  },
});
