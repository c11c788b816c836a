import type { FastifyRequest } from 'fastify';
import { markdownToSafeHtml } from '../../http/markdownHtml.ts';
import type { ImagesService } from '../images/service.ts';
import { originOf } from '../oauth/protocol.ts';
import type { GrantCheck } from './guard.ts';
import type { Post, Posts } from './posts.ts';
import { type Profile, presentStatus } from './present.ts';

export interface MastodonDeps {
  posts: Posts;
  grant: GrantCheck;
  images: Pick<ImagesService, 'described' | 'describe'>;
  profile: (origin: string) => Promise<Profile>;
}

/** What every Mastodon route needs about its request: the profile and the statuses of posts. */
export const requestView = async (deps: MastodonDeps, req: FastifyRequest) => {
  const profile = await deps.profile(originOf(req));
  const status = async (post: Post, withText = false) =>
    presentStatus(
      post,
      profile,
      post.ref.kind === 'essay' ? await markdownToSafeHtml(post.content, req.host) : null,
      withText,
    );
  /** A status with nothing in it, for a comment on a page that is no post (the about page). */
  const blank = (createdAt: number) =>
    presentStatus(
      { ref: { kind: 'moment', id: 0 }, content: '', pictures: [], createdAt, updatedAt: createdAt },
      profile,
      null,
    );
  return { profile, status, blank };
};
