import { isOffline } from '../../core/appState.ts';
import { fullMessage, RequestError } from '../../core/errors.ts';
import { spec, t } from '../../i18n/i18n.ts';

/** Why a post or an edit was refused: under the form, and as the spec's toast (issue 41.9). */
export interface Refusal {
  /** Under the kept text: the message and its field lines, joined into one sentence. */
  inline: string;
  /** The spec's toast (§8): the message, then a line `[property]: constraint` per broken rule. */
  toast: string;
  /** The toast is already on screen (a call that was not silent). */
  toasted: boolean;
  /** The server's id for the failed request, shown with the toast. */
  requestId?: string | undefined;
}

export const refusalOf = (error: unknown): Refusal => {
  if (error instanceof RequestError && (error.message === spec('offlineWrite') || isOffline())) {
    // Offline, nothing is sent until the site is online again: say so, and offer no retry.
    return {
      inline: t('comments.offlineWrite', { offline: spec('offlineWrite') }),
      toast: spec('offlineWrite'),
      toasted: error.toasted,
    };
  }
  if (!(error instanceof Error)) return { inline: String(error), toast: String(error), toasted: false };
  const fields = error instanceof RequestError ? error.errors : [];
  const lines = fields.flatMap((e) => Object.values(e.constraints));
  return {
    inline: [error.message, ...lines.filter((line) => line !== error.message)].join('；'),
    toast: fullMessage(error.message, fields),
    toasted: error instanceof RequestError && error.toasted,
    requestId: error instanceof RequestError ? error.requestId : undefined,
  };
};
