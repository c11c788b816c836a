import { QueryClient } from '@tanstack/react-query';
import { RequestError } from '../../core/request.ts';
import { currentLanguage, onLanguageChange } from '../../i18n/i18n.ts';

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

/**
 * A language switch makes every cached answer stale (issue 44). The server words some answers in
 * the caller's language (`Accept-Language`: the jobs' names and descriptions, an import's report,
 * the statistics' labels, every refusal's message), so what is shown is fetched again at once in
 * the new language, and the rest when next used. One rule for every query rather than a list of
 * worded calls that a new page could forget; a switch is rare, and an answer that did not change
 * keeps its identity (structural sharing), so nothing re-renders or resets for it. Lingui also
 * says `change` when a catalogue is loaded: only a new language counts.
 */
let answeredIn = currentLanguage();
onLanguageChange(() => {
  const language = currentLanguage();
  if (language === answeredIn) return;
  answeredIn = language;
  void queryClient.invalidateQueries();
});
