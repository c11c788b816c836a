// Where the test tools fetched or built once per machine live: Node 24 and the better-sqlite3 built
// for it, and the federation test's activitypub-bot. Outside the work tree, so a fresh clone on the
// same machine (CI's) finds them instead of fetching and compiling again (issue 39); each folder's
// name carries the versions it was made from. `CANDY_TOOL_CACHE` moves it.
import os from 'node:os';
import path from 'node:path';

export const toolCache = process.env.CANDY_TOOL_CACHE ?? path.join(os.homedir(), '.cache', 'candy-jar');
