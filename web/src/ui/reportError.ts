import { RequestError } from '../core/errors.ts';
import { toast } from './toast.tsx';

/**
 * What a failed async handler (button, switch, dialog) shows: nothing for a rejection of exactly
 * `false` (a cancelled confirm, spec §4) or for a call error the request client already toasted.
 */
export const reportError = (error: unknown): void => {
  if (error === false) return;
  if (error instanceof RequestError && error.toasted) return;
  toast.error(error instanceof Error ? error.message : String(error));
};
