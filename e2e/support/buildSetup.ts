import { requireChromium } from './chromePath.ts';
import { buildOnce } from './server.ts';

/** For specs that start their own servers: Chromium present, the app built (a no-op when fresh). */
export default function setup() {
  requireChromium();
  buildOnce();
}
