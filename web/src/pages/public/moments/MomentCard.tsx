import type { Emote } from '@candy/contract/calls/emotes';
import type { Moment } from '@candy/contract/calls/moments';
import { CommentText } from '../../../ui/Comments/CommentText.tsx';
import { AuthorCard } from '../shared/AuthorCard.tsx';
import { formatDateTime } from '../shared/time.ts';
import { ImageGrid } from './ImageGrid.tsx';

const noEmotes: ReadonlyMap<string, Emote> = new Map();

/** A moment: its text (escaped, links linked) and its pictures; an h-entry for microformats2 readers. */
export const MomentCard = ({ moment }: { moment: Moment }) => (
  <article className="card moment h-entry" data-testid="moment" data-moment-id={moment.id}>
    <time className="moment-time dt-published" dateTime={new Date(moment.createdAt).toISOString()}>
      {formatDateTime(moment.createdAt)}
    </time>
    <AuthorCard />
    {moment.content ? (
      <CommentText text={moment.content} emotes={noEmotes} className="e-content p-name" />
    ) : null}
    <ImageGrid images={moment.images} pictures={moment.pictures} />
  </article>
);
