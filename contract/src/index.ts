// Server and tests import from here. The web app imports the zod-free subpaths (`routes`,
// `constants`, `headers`, `codes`) and only types from the rest, to keep zod out of its bundle.
export * from './call.ts';
export * from './calls/index.ts';
export * as systemCalls from './calls/system.ts';
export * from './codes.ts';
export * from './constants.ts';
export * from './envelope.ts';
export * from './headers.ts';
export * from './routes.ts';
