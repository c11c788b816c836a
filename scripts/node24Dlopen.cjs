// Preloaded into every Node 24 process of scripts/node24.mjs: better-sqlite3 in node_modules is built
// for Node 20's ABI, so its native module is loaded from the copy built for Node 24 instead.
const replacement = process.env.NODE24_BETTER_SQLITE3;
const dlopen = process.dlopen;
process.dlopen = (module, filename, ...rest) =>
  dlopen(module, replacement && filename.endsWith('better_sqlite3.node') ? replacement : filename, ...rest);
