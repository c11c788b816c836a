import { spec } from '../i18n/i18n.ts';
import { type ClientCode, RequestError } from './errors.ts';

export interface RawRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: BodyInit | null;
  signal?: AbortSignal | undefined;
  /** Only uploads report progress; they go through XMLHttpRequest, whose upload events fetch lacks. */
  onUploadProgress?: ((progress: { loaded: number; total: number }) => void) | undefined;
}

export interface RawResponse {
  status: number;
  contentType: string;
  /** Always a Blob, so JSON answers and blob answers (and blob error bodies) read the same way. */
  body: Blob;
  /** The server's id for this request (`X-Request-Id`), which its log lines carry; '' when absent. */
  requestId: string;
}

const failure = (clientCode: ClientCode, message: string) => new RequestError(0, message, { clientCode });

const viaFetch = async (req: RawRequest): Promise<RawResponse> => {
  try {
    // No timeout (spec §9): a slow upload or export must be allowed to finish.
    const res = await fetch(req.url, {
      method: req.method,
      headers: req.headers,
      body: req.body,
      signal: req.signal ?? null,
    });
    return {
      status: res.status,
      contentType: res.headers.get('content-type') ?? '',
      body: await res.blob(),
      requestId: res.headers.get('x-request-id') ?? '',
    };
  } catch (error) {
    if (req.signal?.aborted) throw failure('ERR_CANCELED', 'canceled');
    // The browser's own words ("Failed to fetch") mean nothing to the owner; the cause goes to the console.
    console.warn('request failed', req.method, req.url, error);
    throw failure('ERR_NETWORK', spec('serverUnreachable'));
  }
};

const viaXhr = (req: RawRequest): Promise<RawResponse> =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(req.method, req.url);
    xhr.responseType = 'blob';
    for (const [name, value] of Object.entries(req.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => req.onUploadProgress?.({ loaded: e.loaded, total: e.total });
    xhr.onload = () =>
      resolve({
        status: xhr.status,
        contentType: xhr.getResponseHeader('content-type') ?? '',
        body: xhr.response as Blob,
        requestId: xhr.getResponseHeader('x-request-id') ?? '',
      });
    xhr.onerror = () => reject(failure('ERR_NETWORK', spec('serverUnreachable')));
    xhr.onabort = () => reject(failure('ERR_CANCELED', 'canceled'));
    xhr.ontimeout = () => reject(failure('ETIMEDOUT', 'timeout'));
    req.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(req.body as XMLHttpRequestBodyInit | null);
  });

export const send = (req: RawRequest): Promise<RawResponse> =>
  req.onUploadProgress && typeof XMLHttpRequest !== 'undefined' ? viaXhr(req) : viaFetch(req);
