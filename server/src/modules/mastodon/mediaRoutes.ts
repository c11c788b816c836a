import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MediaService } from '../media/service.ts';
import { originOf } from '../oauth/protocol.ts';
import { recordNotFound } from '../oauth/protocolError.ts';
import { paramsOf, textParam } from '../oauth/protocolScope.ts';
import type { MastodonDeps } from './context.ts';
import { presentMedia } from './present.ts';

/** Mastodon keeps alt text to 1500 characters; so do we. */
const altOf = (value: string | undefined): string | null =>
  value?.trim() ? value.trim().slice(0, 1500) : null;

/**
 * Pictures (issue 42) through the one image pipeline, as the back office's uploads: cleaned of
 * metadata and sized in the request, their copies made by the image job. The cleaned original is
 * there at once, so the upload answers 200 with its URL: an app's poll ends at the first answer.
 */
export const mediaRoutes = (
  scope: FastifyInstance,
  deps: MastodonDeps,
  media: Pick<MediaService, 'uploadImageForm'>,
): void => {
  const { grant, images } = deps;
  const one = async (req: FastifyRequest) => {
    const id = Number((req.params as { id: string }).id);
    const [picture] = Number.isInteger(id) && id > 0 ? await images.described({ ids: [id] }) : [];
    if (!picture) throw recordNotFound();
    return picture;
  };
  const upload = async (req: FastifyRequest) => {
    await grant(req, 'write:media');
    const { id, fields } = await media.uploadImageForm(req);
    const alt = altOf(textParam(fields, 'description'));
    if (alt) await images.describe(id, alt);
    const [picture] = await images.described({ ids: [id] });
    if (!picture) throw recordNotFound();
    return presentMedia(picture, originOf(req));
  };
  scope.post('/api/v2/media', upload);
  scope.post('/api/v1/media', upload);
  scope.get('/api/v1/media/:id', async (req) => {
    await grant(req, 'write:media');
    return presentMedia(await one(req), originOf(req));
  });
  scope.put('/api/v1/media/:id', async (req) => {
    await grant(req, 'write:media');
    const picture = await one(req);
    const params = await paramsOf(req);
    if ('description' in params) {
      const alt = altOf(textParam(params, 'description'));
      await images.describe(picture.id, alt);
      return presentMedia({ ...picture, alt }, originOf(req));
    }
    return presentMedia(picture, originOf(req));
  });
};
