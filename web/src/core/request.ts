import type { CallBody, CallParams, CallQuery, CallResponse, Calls } from '@candy/contract';
import type { Access } from '@candy/contract/call';
import { fillPath } from '@candy/contract/call';
import { ErrorCode } from '@candy/contract/codes';

import type { FieldError } from '@candy/contract/envelope';
import type { RouteName } from '@candy/contract/routes';
import { intlTag, spec } from '../i18n/i18n.ts';
import { appState, isOffline } from './appState.ts';
import { encodeBody, type FormInput, type QueryInput, queryString } from './callBody.ts';
import { buildHeaders, currentReferrer } from './callHeaders.ts';
import { clientCodeOfStatus, fullMessage, RequestError } from './errors.ts';
import { ensureHandshake, resetHandshake, setKnock } from './handshake.ts';
import { notify } from './notify.ts';
import { routeOf } from './routeOf.ts';
import { runtimeConfig } from './runtimeConfig.ts';
import { storage } from './storage.ts';
import { type RawResponse, send } from './transport.ts';

export { type ClientCode, errorLines, RequestError } from './errors.ts';

export interface CallOptions<N extends RouteName> {
  /** `:name` placeholders of the path. */
  params?: CallParams<Calls[N]>;
  /** Query string; empty values are dropped, arrays comma-joined. */
  query?: CallQuery<Calls[N]>;
  /** JSON body (empty fields dropped), or URLSearchParams for an urlencoded body. */
  body?: CallBody<Calls[N]> | URLSearchParams;
  /** Multipart body (FormData, or a record turned into one). */
  form?: FormInput;
  /** No error toast; the caller shows the failure itself. */
  silent?: boolean;
  signal?: AbortSignal;
  /** Upload progress; the call then goes through XMLHttpRequest. */
  onUploadProgress?: (progress: { loaded: number; total: number }) => void;
  /** `blob` answers the raw body (files, screenshots) instead of the envelope's data. */
  as?: 'json' | 'blob';
  /**
   * Sent as `Idempotency-Key`: one per write, the same for its retries, so a write a balancer or
   * this module sends again is done once (issue 28). `call` sets it on the owner's writes.
   */
  idempotencyKey?: string;
}

/** 128 random bits in hex (`crypto.randomUUID` exists only on https and localhost). */
const newIdempotencyKey = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

type Answer<N extends RouteName> = CallResponse<Calls[N]>;

interface EnvelopeShape {
  code: number;
  data: unknown;
  errorMsg?: string;
  errors?: FieldError[];
}

let startup: Promise<unknown> = Promise.resolve();

/** Calls wait for the start-up (host choice, handshake) that `modes.ts` runs. */
export const setStartup = (promise: Promise<unknown>): void => {
  startup = promise.catch(() => undefined);
};

/** The API base in use: the probed host, or dev / same-origin until the probe has run. */
export const apiBase = (): string =>
  appState.get().onlineApiBaseURL ||
  (storage.get().devMode && runtimeConfig.devApiBase ? runtimeConfig.devApiBase : runtimeConfig.apiBasePath);

const readEnvelope = async (res: RawResponse): Promise<EnvelopeShape | null> => {
  try {
    // Blob answers that failed carry a JSON envelope too: parse first, whatever was asked for.
    const parsed: unknown = JSON.parse(await res.body.text());
    return typeof parsed === 'object' && parsed !== null && typeof (parsed as EnvelopeShape).code === 'number'
      ? (parsed as EnvelopeShape)
      : null;
  } catch {
    return null;
  }
};

/** Toasts a failed call's message unless `silent` (exported for calls made silent and shown later). */
export const shown = (error: RequestError, silent: boolean | undefined): RequestError => {
  if (!silent && error.clientCode !== 'ERR_CANCELED') {
    notify('error', fullMessage(error.message, error.errors), { requestId: error.requestId });
    error.toasted = true;
  }
  return error;
};

/** A refused owner call: the stored key is dead, so the owner may return to /contract to log in. */
const noteUnauthorized = (code: number): void => {
  if (code === ErrorCode.unauthorized && storage.get().accessKey)
    storage.set({ accessKey: '', accessExp: 0, isExpiredGreatOldOne: true });
};

/**
 * An owner call refused with 4010 after the owner left (logged out, or the key already known dead):
 * a request in flight or a refetch that the page fires on its way out. Nothing to tell the owner.
 */
const afterLeaving = (code: number, access: Access, sentKey: string): boolean =>
  code === ErrorCode.unauthorized &&
  access === 'owner' &&
  (sentKey === '' || sentKey !== storage.get().accessKey);

interface InterpretOptions {
  silent?: boolean | undefined;
  as?: 'json' | 'blob' | undefined;
  access: Access;
  /** The access key the request went out with. */
  sentKey: string;
}

const interpret = async (res: RawResponse, options: InterpretOptions) => {
  const isJson = res.contentType.includes('json');
  const ok = res.status >= 200 && res.status < 300;
  if (ok && options.as === 'blob' && !isJson) return res.body;
  const envelope = await readEnvelope(res);
  if (!ok) {
    const message = envelope?.errorMsg || `Request failed with status code ${res.status}`;
    // 4037 (HTTP 403) is not shown: `call` opens the fresh-login confirmation for it instead.
    const silent =
      options.silent ||
      afterLeaving(envelope?.code ?? 0, options.access, options.sentKey) ||
      envelope?.code === ErrorCode.freshLoginRequired;
    noteUnauthorized(envelope?.code ?? 0);
    throw shown(
      new RequestError(envelope?.code ?? 0, message, {
        status: res.status,
        clientCode: clientCodeOfStatus(res.status),
        errors: envelope?.errors ?? [],
        requestId: res.requestId,
      }),
      silent,
    );
  }
  if (!envelope) {
    throw shown(
      new RequestError(0, 'Bad response', {
        status: res.status,
        clientCode: 'ERR_BAD_RESPONSE',
        requestId: res.requestId,
      }),
      options.silent,
    );
  }
  if (envelope.code === ErrorCode.ok) return envelope.data;
  const error = new RequestError(envelope.code, envelope.errorMsg || spec('businessError'), {
    status: res.status,
    errors: envelope.errors ?? [],
    requestId: res.requestId,
  });
  // 4032 is handled by the retry below and never shown (spec §8).
  if (envelope.code === ErrorCode.handshakeExpired) throw error;
  const silent = options.silent || afterLeaving(envelope.code, options.access, options.sentKey);
  noteUnauthorized(envelope.code);
  throw shown(error, silent);
};

/** One HTTP round trip to the online API, without handshake or offline handling. */
export const rawCall = async <N extends RouteName>(
  name: N,
  options: CallOptions<N> = {},
): Promise<Answer<N>> => {
  const def = await routeOf(name);
  const path = fillPath(def.path, (options.params ?? {}) as Record<string, string | number>);
  const url = `${apiBase()}${path}${queryString(options.query as QueryInput | undefined)}`;
  const { body, contentType } = encodeBody(options.body, options.form);
  const record = storage.get();
  const headers = buildHeaders(record, currentReferrer());
  if (contentType) headers['content-type'] = contentType;
  // Refusals come back in the language the visitor reads (issue 44): their choice lives in the
  // storage record, not a cookie (the specification promises none), so the call says it.
  headers['accept-language'] = intlTag();
  if (options.idempotencyKey && def.method !== 'GET') headers['idempotency-key'] = options.idempotencyKey;
  let res: RawResponse;
  try {
    res = await send({
      method: def.method,
      url,
      headers,
      body,
      signal: options.signal,
      onUploadProgress: options.onUploadProgress,
    });
  } catch (error) {
    throw error instanceof RequestError ? shown(error, options.silent) : error;
  }
  return (await interpret(res, {
    silent: options.silent,
    as: options.as,
    access: def.access,
    sentKey: record.accessKey,
  })) as Answer<N>;
};

const refuseOffline = (silent: boolean | undefined): RequestError =>
  shown(new RequestError(0, spec('offlineWrite')), silent);

/** How the owner confirms who they are on 4037; set by the shell (main.tsx). */
let confirmFreshLogin: (() => Promise<void>) | null = null;

/**
 * Registers the fresh-login dialog (issue 41.19): the request client knows no UI, so the app's
 * entry hands it the dialog (which itself loads on first need).
 */
export const setFreshLoginHandler = (handler: () => Promise<void>): void => {
  confirmFreshLogin = handler;
};

/**
 * Every call of the app goes through here (spec §4, §7, §8): online it makes sure of a live
 * handshake and retries once after a 4032; offline it reads the static snapshot and refuses writes.
 */
export const call = async <N extends RouteName>(
  name: N,
  options: CallOptions<N> = {},
): Promise<Answer<N>> => {
  await startup;
  const { method } = await routeOf(name);
  if (isOffline()) {
    if (method !== 'GET') throw refuseOffline(options.silent);
    // The offline source (and its decryption) loads only when first needed.
    const { offlineRead } = await import('./offline.ts');
    const read = offlineRead(name, {
      params: options.params as Record<string, string | number> | undefined,
      query: options.query as QueryInput | undefined,
      silent: options.silent,
    });
    if (!read) throw refuseOffline(options.silent);
    return (await read) as Answer<N>;
  }
  // Reads never wait on the knock (issue 16); writes use it when it is there. A dead server must
  // not block the call itself: its own failure is the message to show.
  const write = method !== 'GET';
  if (write) await ensureHandshake().catch(() => undefined);
  // The owner's writes carry one key through every retry below.
  const sent =
    write && storage.get().accessKey ? { ...options, idempotencyKey: newIdempotencyKey() } : options;
  const online = async () => {
    try {
      return await rawCall(name, sent);
    } catch (error) {
      if (!(error instanceof RequestError) || error.code !== ErrorCode.handshakeExpired) throw error;
      resetHandshake();
      await ensureHandshake().catch(() => undefined);
      return rawCall(name, sent);
    }
  };
  try {
    return await online();
  } catch (error) {
    // A security setting after more than ten minutes (4037): the owner confirms who they are
    // once, in one place for every page, and the call goes again.
    if (
      !(error instanceof RequestError) ||
      error.code !== ErrorCode.freshLoginRequired ||
      options.silent ||
      !confirmFreshLogin
    ) {
      throw error;
    }
    await confirmFreshLogin();
    return online();
  }
};

setKnock(() => rawCall('knock', { silent: true }));
