// The server bundle's stand-in for `ky-universal` (reached through Fedify → jsonld →
// @digitalbazaar/http-client). Its only work is polyfilling fetch, Headers, Request, Response,
// AbortController and ReadableStream, which every Node we support (≥ 20.19) has built in; and it does
// that with top-level awaits, which a CommonJS bundle cannot hold. ky itself is what it exports.
export { default, HTTPError, TimeoutError } from 'ky';
