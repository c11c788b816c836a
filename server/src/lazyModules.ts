import { createRequire } from 'node:module';
import type PgModule from 'pg';
import type sharpModule from 'sharp';

/**
 * Heavy libraries the server needs only for some requests, loaded on first use so a server at rest
 * stays small (DESIGN §8: idle RSS). sharp brings libvips (≈ 29 MB resident), file-type and tar a few
 * MB each; each is loaded once and then shared.
 */
let sharp: Promise<typeof sharpModule> | null = null;
export const loadSharp = (): Promise<typeof sharpModule> =>
  (sharp ??= import('sharp').then((module) => {
    // libvips keeps recent operations (up to 50 MB) for reuse and runs a thread per core: neither
    // helps a server that handles one picture at a time, and both keep memory resident afterwards.
    module.default.cache(false);
    module.default.concurrency(1);
    return module.default;
  }));

let fileType: Promise<typeof import('file-type')> | null = null;
export const loadFileType = (): Promise<typeof import('file-type')> => (fileType ??= import('file-type'));

/**
 * Passkeys (issue 26.1) with their X.509 and ASN.1 stack: ≈ 5 MB of heap once loaded, for a
 * ceremony the owner performs now and then (issue 39: idle memory).
 */
let webAuthn: Promise<typeof import('@simplewebauthn/server')> | null = null;
export const loadWebAuthn = (): Promise<typeof import('@simplewebauthn/server')> =>
  (webAuthn ??= import('@simplewebauthn/server'));

/** The TOTP enrolment's QR code, drawn once per enrolment. */
let qrCode: Promise<typeof import('qrcode')> | null = null;
export const loadQrCode = (): Promise<typeof import('qrcode')> => (qrCode ??= import('qrcode'));

let tar: Promise<typeof import('tar')> | null = null;
export const loadTar = (): Promise<typeof import('tar')> => (tar ??= import('tar'));

/** age (backups, issue 45) with its post-quantum and curve libraries, for a backup or a restore. */
let age: Promise<typeof import('age-encryption')> | null = null;
export const loadAge = (): Promise<typeof import('age-encryption')> => (age ??= import('age-encryption'));

/**
 * node-postgres, for what speaks to PostgreSQL directly (the dialect, backups and restores): an
 * SQLite site never loads it (≈ 1 MB of heap at rest, issue 39). Synchronous, as its callers make a
 * client in the middle of their work; Node's module cache makes every call after the first free.
 */
export const requirePg = (): typeof PgModule => createRequire(import.meta.url)('pg') as typeof PgModule;
