import { EssayInput } from '@candy/contract/calls/essays';
import { MomentInput } from '@candy/contract/calls/moments';
import { parseWith } from '../../http/validate.ts';
import type { EssaysService } from '../essays/service.ts';
import type { EssayWrites } from '../essays/writes.ts';
import type { DescribedPicture, ImagesService } from '../images/service.ts';
import type { MomentsService } from '../moments/service.ts';
import type { MomentWrites } from '../moments/writes.ts';
import { recordNotFound, unprocessable } from '../oauth/protocolError.ts';
import type { PostRef } from './statusIds.ts';
import { pictureMarkdown, startsWithHeading, withWarning } from './text.ts';

/** A moment or an essay as a status shows it. */
export interface Post {
  ref: PostRef;
  /** A moment's plain text or an essay's Markdown. */
  content: string;
  /** A moment's pictures (an essay's are in its Markdown). */
  pictures: DescribedPicture[];
  createdAt: number;
  updatedAt: number;
}

/** What an app sends to post or edit. */
export interface StatusInput {
  text: string;
  mediaIds: string[];
  spoilerText: string;
  visibility: string | undefined;
}

export interface PostsDeps {
  moments: MomentsService;
  momentWrites: MomentWrites;
  essays: EssaysService;
  essayWrites: EssayWrites;
  images: Pick<ImagesService, 'described'>;
}

/**
 * What a status becomes (issue 42, recorded in the decisions): a moment by default; an essay when
 * its text opens with a Markdown heading or the app chose `public` (the globe) for it. The kind is
 * fixed at creation: an edit changes the text and pictures, never a moment into an essay.
 */
export const kindOfNewStatus = (input: Pick<StatusInput, 'text' | 'visibility'>): PostRef['kind'] =>
  startsWithHeading(input.text) || input.visibility === 'public' ? 'essay' : 'moment';

export const createPosts = ({ moments, momentWrites, essays, essayWrites, images }: PostsDeps) => {
  const picturesOf = async (mediaIds: string[]): Promise<DescribedPicture[]> => {
    const ids = mediaIds.map(Number);
    if (!ids.every((id) => Number.isInteger(id) && id > 0)) throw unprocessable('media_ids are not valid');
    const found = await images.described({ ids });
    const byId = new Map(found.map((picture) => [picture.id, picture]));
    const pictures = ids.map((id) => byId.get(id));
    if (pictures.some((picture) => picture === undefined)) throw unprocessable('media not found');
    return pictures.filter((picture) => picture !== undefined);
  };
  const momentFields = (content: string, pictures: DescribedPicture[]) =>
    parseWith(
      MomentInput,
      { content, images: pictures.map(({ url, width, height }) => ({ url, width, height })) },
      'body',
    );
  const essayContent = (content: string, pictures: DescribedPicture[]) =>
    [content.trim(), pictureMarkdown(pictures)].filter(Boolean).join('\n\n');

  const find = async (ref: PostRef): Promise<Post> => {
    if (ref.kind === 'moment') {
      const moment = await moments.find(ref.id);
      if (!moment) throw recordNotFound();
      const described = await images.described({ urls: moment.images.map((image) => image.url) });
      const byUrl = new Map(described.map((picture) => [picture.url, picture]));
      return {
        ref,
        content: moment.content,
        // A picture from before the pipeline, or an outside address, still shows (without an id of its own).
        pictures: moment.images.map(
          (image, index) => byUrl.get(image.url) ?? { id: -1 - index, alt: null, ...image },
        ),
        createdAt: moment.createdAt,
        updatedAt: moment.updatedAt,
      };
    }
    const essay = await essays.detail(ref.id, true).catch(() => null);
    if (!essay) throw recordNotFound();
    return {
      ref,
      content: essay.content,
      pictures: [],
      createdAt: essay.createdAt,
      updatedAt: essay.updatedAt,
    };
  };

  return {
    find,

    async create(input: StatusInput): Promise<Post> {
      if (input.visibility === 'direct')
        throw unprocessable('Direct messages are not supported by this site');
      const pictures = await picturesOf(input.mediaIds);
      const content = withWarning(input.text, input.spoilerText);
      if (kindOfNewStatus(input) === 'essay') {
        const body = parseWith(
          EssayInput,
          { content: essayContent(content, pictures), hide: false, reservation: null },
          'body',
        );
        return find({ kind: 'essay', id: (await essayWrites.create(body)).id });
      }
      return find({ kind: 'moment', id: (await momentWrites.create(momentFields(content, pictures))).id });
    },

    async update(ref: PostRef, input: StatusInput): Promise<Post> {
      await find(ref);
      const pictures = await picturesOf(input.mediaIds);
      const content = withWarning(input.text, input.spoilerText);
      if (ref.kind === 'moment') await momentWrites.update(ref.id, momentFields(content, pictures));
      else {
        const body = parseWith(
          EssayInput.pick({ content: true }),
          { content: essayContent(content, pictures) },
          'body',
        );
        await essayWrites.update(ref.id, body);
      }
      return find(ref);
    },

    /** Deletes it, answering it as it was (apps offer "delete and redraft" from that). */
    async remove(ref: PostRef): Promise<Post> {
      const post = await find(ref);
      if (ref.kind === 'moment') await momentWrites.remove(ref.id);
      else await essayWrites.remove(ref.id);
      return post;
    },

    /** The owner's posts, newest first, written before `before` when given. */
    async timeline(before: number | undefined, limit: number): Promise<Post[]> {
      const [recentMoments, allEssays] = await Promise.all([
        moments.older(before, limit),
        essays.listForSnapshot(),
      ]);
      const refs: { ref: PostRef; createdAt: number }[] = [
        ...recentMoments.map((m) => ({ ref: { kind: 'moment' as const, id: m.id }, createdAt: m.createdAt })),
        ...allEssays
          .filter((e) => before === undefined || e.createdAt < before)
          .map((e) => ({ ref: { kind: 'essay' as const, id: e.id }, createdAt: e.createdAt })),
      ];
      const newest = refs.sort((a, b) => b.createdAt - a.createdAt).slice(0, limit);
      return Promise.all(newest.map(({ ref }) => find(ref)));
    },

    /** When a post was written, for paging by its id; unknown ids answer 404. */
    async createdAt(ref: PostRef): Promise<number> {
      return (await find(ref)).createdAt;
    },
  };
};

export type Posts = ReturnType<typeof createPosts>;
