import { randomBytes } from 'node:crypto';
import { pipeline, Transform, type TransformCallback } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { said } from '../i18n/said.ts';
import type { BlobStorage } from '../storage/index.ts';
import { payloadTooLarge, unsupportedMediaType, validationFailed } from './errors.ts';
import { type SniffedType, sniffUploadStream } from './uploads.ts';
import { parseWith } from './validate.ts';

/** Spec §7/§9: uploads travel in 64 KB pieces; we also stream them on in pieces of that size. */
export const UPLOAD_CHUNK = 64 * 1024;

/** Hard ceiling for any single file, whatever a module allows (a module's own cap is lower). */
const ABSOLUTE_FILE_LIMIT = 8 * 1024 ** 3;

/** Adds multipart/form-data parsing; files are streamed by `readMultipart`, never buffered. */
export const installMultipart = async (app: FastifyInstance): Promise<void> => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: ABSOLUTE_FILE_LIMIT, files: 50, fields: 50, fieldSize: 64 * 1024, parts: 100 },
    throwFileSizeLimit: true,
  });
};

/** What a module accepts for one file field. */
export interface FileRule {
  /** Allowed MIME types, judged by content (`UploadTypes.image`, …). */
  allowed: readonly string[];
  /** Largest accepted file in bytes; larger is 4130 and nothing is kept. */
  maxBytes: number;
  /** How many files the field may carry (default 1). */
  maxFiles?: number;
  /** Whether at least one file is needed (default true). */
  required?: boolean;
  /** The storage key for a file of this type, e.g. `images/2026/11/{random}.{ext}`. */
  keyFor(type: SniffedType): string;
}

export interface StoredFile {
  field: string;
  key: string;
  size: number;
  type: SniffedType;
  /** The name the uploader gave; for display only, never for paths. */
  filename: string;
}

/** Counts bytes as they pass and stops the stream with 4130 once a file grows past `max`. */
const sizeCap = (max: number) => {
  let seen = 0;
  return new Transform({
    highWaterMark: UPLOAD_CHUNK,
    transform(chunk: Buffer, _enc, done: TransformCallback) {
      seen += chunk.length;
      if (seen > max)
        return done(payloadTooLarge(said('error.upload.tooLarge', { mb: (max / 1024 / 1024).toFixed(1) })));
      done(null, chunk);
    },
  });
};

/** A random, unguessable name part for storage keys. */
export const randomName = (): string => randomBytes(12).toString('base64url');

/**
 * Reads a multipart request: each file is type-checked by its first bytes, size-capped and streamed
 * into storage as it arrives (never held whole in memory); the other fields are validated with the
 * contract's schema at the end. Any failure — wrong type (4150), too large (4130), a bad field
 * (4000), a broken connection — removes every file this request already stored, so nothing
 * half-written is left behind.
 */
export const readMultipart = async <F extends z.ZodType>(
  req: FastifyRequest,
  storage: BlobStorage,
  rules: Record<string, FileRule>,
  fieldsSchema: F,
): Promise<{ files: StoredFile[]; fields: z.infer<F> }> => {
  if (!req.isMultipart()) throw unsupportedMediaType(said('error.upload.notMultipart'));
  const files: StoredFile[] = [];
  const values: Record<string, unknown> = {};
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        values[part.fieldname] = part.value;
        continue;
      }
      const rule = rules[part.fieldname];
      if (!rule) {
        part.file.resume();
        throw validationFailed([
          { property: part.fieldname, constraints: { unknown: said('error.upload.unknownField') } },
        ]);
      }
      const count = files.filter((f) => f.field === part.fieldname).length;
      if (count >= (rule.maxFiles ?? 1)) {
        part.file.resume();
        throw validationFailed([
          { property: part.fieldname, constraints: { too_many: said('error.upload.tooMany') } },
        ]);
      }
      const { type, stream } = await sniffUploadStream(part.file, rule.allowed);
      const key = rule.keyFor(type);
      // pipeline (not pipe) destroys both ends on an error, so no chunk reaches the cap after it tripped;
      // storage.put sees the error through `capped` and removes what it wrote.
      const capped = pipeline(stream, sizeCap(rule.maxBytes), () => undefined);
      const { size } = await storage.put(key, capped, { contentType: type.mime });
      files.push({ field: part.fieldname, key, size, type, filename: part.filename });
    }
    for (const [field, rule] of Object.entries(rules)) {
      if ((rule.required ?? true) && !files.some((f) => f.field === field)) {
        throw validationFailed([
          { property: field, constraints: { required: said('error.upload.missing') } },
        ]);
      }
    }
    return { files, fields: parseWith(fieldsSchema, values, 'body') };
  } catch (error) {
    await Promise.all(files.map((f) => storage.delete(f.key).catch(() => undefined)));
    throw error;
  }
};
