/**
 * Points zxing-wasm at the .wasm file bundled into our own build (Vite's `?url` emits it as a
 * hashed asset). zxing-wasm would otherwise fetch it from a CDN, which the CSP forbids and offline
 * use cannot reach.
 */

import { prepareZXingModule } from 'zxing-wasm/reader';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) =>
      path.endsWith('.wasm') ? new URL(wasmUrl, self.location.href).href : prefix + path,
  },
});
