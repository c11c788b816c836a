import { QueryClient } from '@tanstack/react-query';
import { RequestError } from '../../core/request.ts';

/**
 * The back office's one server-state cache (DESIGN §9). Errors are already toasted by the request
 * client, so queries do not retry what the server refused (4xx): only network failures and 5xx.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 10_000,
      refetchOnWindowFocus: false,
      retry: (failures, error) =>
        failures < 2 &&
        !(error instanceof RequestError && (error.status ?? 0) >= 400 && (error.status ?? 0) < 500),
    },
    mutations: { retry: false },
  },
});
