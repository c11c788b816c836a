import { seal } from '../../src/modules/auth/testing.ts';

/** One answer as the cluster test keeps it: what was asked, when, and how it ended. */
export interface Outcome {
  method: string;
  path: string;
  at: number;
  status: number;
  /** The envelope's code, or -1 when the answer was not an envelope (nginx's 502 page, a cut). */
  code: number;
  data: unknown;
  /** The envelope's `errorMsg` of a refusal: what the server said was wrong. */
  message?: string;
}

export interface ClusterClient {
  call(
    method: string,
    path: string,
    options?: { body?: unknown; headers?: Record<string, string> },
  ): Promise<Outcome>;
}

/** Plain HTTP through nginx; a cut connection is an outcome (status 0), never a throw. */
export const clientOf = (baseUrl: string, defaults: Record<string, string> = {}): ClusterClient => ({
  async call(method, path, options = {}) {
    const at = Date.now();
    const headers: Record<string, string> = { ...defaults, ...options.headers };
    let body: FormData | string | undefined;
    if (options.body instanceof FormData) body = options.body;
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    try {
      const res = await fetch(`${baseUrl}${path}`, {
        method,
        headers,
        body,
        signal: AbortSignal.timeout(15_000),
      });
      const text = await res.text();
      let code = -1;
      let data: unknown = null;
      let message: string | undefined;
      try {
        const json = JSON.parse(text) as { code?: number; data?: unknown; errorMsg?: unknown };
        if (typeof json.code === 'number') ({ code, data } = { code: json.code, data: json.data });
        if (typeof json.errorMsg === 'string' && json.errorMsg) message = json.errorMsg;
      } catch {
        // An HTML page (a public page, or nginx's own error page).
        data = text;
      }
      return { method, path, at, status: res.status, code, data, ...(message ? { message } : {}) };
    } catch {
      return { method, path, at, status: 0, code: -1, data: null };
    }
  },
});

/**
 * The owner's real login through nginx: the knock and the login may land on different replicas,
 * so it only works when the handshake key is shared through the database.
 */
export const ownerLogin = async (
  baseUrl: string,
  owner: { username: string; password: string },
  uuid: string,
): Promise<Outcome> => {
  const client = clientOf(baseUrl, { 'x-uuid': uuid, 'user-agent': 'cluster-test' });
  const knock = await client.call('POST', '/api/user/knock');
  const publicKey = (knock.data as { publicKey: string }).publicKey;
  return client.call('POST', '/api/user/login', {
    body: { username: owner.username, password: seal(publicKey, owner.password) },
  });
};
