import { type Language, sourceLanguage } from '@candy/contract/languages';
import { serverText } from './serverText.ts';

/**
 * A message the server says, by its key in contract/src/i18n/<language>/server.json (issue 44), with
 * its values: kept as it is until it is shown, then rendered in the reader's language — the
 * caller's for an answer, the site's (SITE_LANGUAGE) for a mail, a notice or a job's report.
 */
export interface Said {
  readonly key: string;
  readonly values?: Readonly<Record<string, unknown>>;
  /**
   * The source language's text when the specification gives it (contract `Texts`): it is said word
   * for word, whatever server.json holds.
   */
  readonly source?: string;
  /** A list: these messages, each said in the language, joined by what the key says (`list.comma`). */
  readonly items?: readonly Message[];
  /** A list's separator when it is the same in every language (no key). */
  readonly separator?: string;
}

/** What the server says: a keyed message, or a plain string (a library's, a provider's, a zod rule's). */
export type Message = string | Said;

/** `said('error.todos.notFound', { id })`. A value may itself be a message: it is said in the same language. */
export const said = (key: string, values?: Record<string, unknown>): Said =>
  values ? { key, values } : { key };

/** A specification text (`Texts.musicNotFound(id)`): Chinese from `Texts`, other languages from `key`. */
export const spec = (source: string, key: string, values?: Record<string, unknown>): Said => ({
  ...said(key, values),
  source,
});

/**
 * Messages joined into one: `list(lines, said('list.comma'))` is "a，b" in Chinese and "a, b" in
 * English; a plain separator (`'\n'`) is the same in every language.
 */
export const list = (items: readonly Message[], separator: Message): Said =>
  typeof separator === 'string' ? { key: '', items, separator } : { ...separator, items };

export const isSaid = (value: unknown): value is Said =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Said).key === 'string' &&
  !(value instanceof Error);

/** `message` in `language`: a plain string as it is. */
export const sayIn = (language: Language, message: Message): string => {
  if (typeof message === 'string') return message;
  if (message.items) {
    const separator = message.key ? serverText(language, message.key) : (message.separator ?? '');
    return message.items.map((item) => sayIn(language, item)).join(separator);
  }
  if (message.source !== undefined && language === sourceLanguage) return message.source;
  const values = message.values
    ? Object.fromEntries(
        Object.entries(message.values).map(([name, value]) => [
          name,
          isSaid(value) ? sayIn(language, value) : value,
        ]),
      )
    : undefined;
  return serverText(language, message.key, values);
};

/**
 * An error whose message is a keyed one: `.message` is its source-language text (logs, the Chinese
 * callers' answer, exactly as before), `.said` the message to render for anyone else.
 */
export class SaidError extends Error {
  constructor(
    readonly said: Message,
    options?: ErrorOptions,
  ) {
    super(sayIn(sourceLanguage, said), options);
    this.name = 'SaidError';
  }
}

/** What an error says: its keyed message when it has one, else its plain message. */
export const messageOf = (error: unknown): Message => {
  if (error instanceof SaidError) return error.said;
  if (error instanceof Error) return error.message;
  return String(error);
};
