/**
 * Dependencies the server bundle leaves to node_modules: native addons, and packages loaded only
 * when a feature is used (so a start never reads them). Everything else — fastify and its
 * plugins, kysely, pino, croner, bowser — goes into the bundle: a start then reads a handful of
 * files instead of ≈ 700 (module resolution and loading were a third of the cold start).
 * Only better-sqlite3 is loaded at start: every other one is imported as a type or on first use
 * (server/src/lazyModules.ts), which server/src/lazyModules.unit.test.ts holds the code to.
 */
export const serverExternals = [
  'better-sqlite3',
  'sharp',
  'pg',
  '@aws-sdk/client-s3',
  '@aws-sdk/lib-storage',
  'nodemailer',
  'web-push',
  'sanitize-html',
  'file-type',
  'tar',
  'oui-data',
  // Unicode's confusables table (100 kB), read with the first comment checked for held words.
  'unhomoglyph',
  // Loaded on first use (server/src/lazyModules.ts): passkeys with their X.509 stack, TOTP's QR code,
  // age with its post-quantum and curve libraries (≈ 140 kB of source) for backups.
  '@simplewebauthn/server',
  'qrcode',
  'age-encryption',
  // Fastify's JSON-schema compilers (ajv, fast-json-stringify): our routes validate with the
  // contract's zod schemas, and app.ts gives Fastify compilers that refuse a JSON schema, so
  // Fastify never requires these (≈ 0.4 MB of source).
  '@fastify/ajv-compiler',
  '@fastify/fast-json-stringify-compiler',
];
