import * as z from 'zod';
import { type CallDef, defineCall } from '../call.ts';
import { mediaRoutes as routes } from '../routes/media.ts';

export const UploadedImage = z.lazy(() =>
  z.object({
    /** Where the image is served, `/files/images/…` (cached for good: the name is never reused). */
    url: z.string(),
    width: z.number().int(),
    height: z.number().int(),
  }),
);
export type UploadedImage = z.infer<typeof UploadedImage>;

/** Multipart: the body is read by the server's multipart reader (field `file`), not a JSON schema. */
export const imageUpload = defineCall(routes.imageUpload, () => ({ response: UploadedImage }));

export const ImageVariantStatus = z.object({
  /** Waiting for their resized copies (a failed attempt waits here for its retry). */
  pending: z.number(),
  ready: z.number(),
  /** Animated pictures and SVG: shown as they are. */
  skip: z.number(),
  /** Given up after three attempts; their originals are still served. */
  failed: z.number(),
  /** The last failure, `key：message`. */
  lastError: z.string().nullable(),
});
export type ImageVariantStatus = z.infer<typeof ImageVariantStatus>;

export const imageVariantStatus = defineCall(routes.imageVariantStatus, () => ({
  response: ImageVariantStatus,
}));
export const imageVariantRetry = defineCall(routes.imageVariantRetry, () => ({
  response: ImageVariantStatus.extend({ retried: z.number() }),
}));

export const imageVariantAdopt = defineCall(routes.imageVariantAdopt, () => ({
  response: ImageVariantStatus.extend({
    /** Pictures the site shows that had no copies planned: registered now, made soon. */
    registered: z.number(),
    /** Pictures the site names that are not in storage (deleted, or on the local disk under S3). */
    missing: z.number(),
  }),
}));

export const mediaCalls = {
  imageUpload,
  imageVariantStatus,
  imageVariantRetry,
  imageVariantAdopt,
} satisfies Record<string, CallDef>;
