import * as z from 'zod';
import { type CallDef, defineCall } from '../call.ts';
import { mediaRoutes as routes } from '../routes/media.ts';

export const UploadedImage = z.object({
  /** Where the image is served, `/files/images/…` (cached for good: the name is never reused). */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type UploadedImage = z.infer<typeof UploadedImage>;

/** Multipart: the body is read by the server's multipart reader (field `file`), not a JSON schema. */
export const imageUpload = defineCall(routes.imageUpload, { response: UploadedImage });

export const mediaCalls = { imageUpload } satisfies Record<string, CallDef>;
