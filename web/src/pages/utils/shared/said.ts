/**
 * Words from a Web Worker (issue 44). A worker has no catalogue (the page's is not loaded there,
 * and importing it would ship it again), so it says what happened as a catalogue key with its
 * values, `said('utils.qrcode-decode.unreadable')`, and the page translates it when it shows it
 * (`say` in say.ts). A plain string is a text that is not ours to translate: a file name, the
 * browser's own error message.
 */
export interface Said {
  key: string;
  /** A list (`[1080, 720]`) is written as the language writes a short list. */
  values?: Record<string, string | number | readonly (string | number)[]> | undefined;
}

export type Words = Said | string;

export const said = (key: string, values?: Said['values']): Said => (values ? { key, values } : { key });

/** An error whose words are a catalogue key: its `message` is only the key (for logs). */
export class SaidError extends Error {
  constructor(readonly said: Said) {
    super(said.key);
  }
}

/** What an error says: its key and values when it is ours, else the message it carries. */
export const wordsOf = (error: unknown): Words =>
  error instanceof SaidError ? error.said : error instanceof Error ? error.message : String(error);
