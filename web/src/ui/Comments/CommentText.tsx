import type { Emote } from '@candy/contract/calls/emotes';
import { useMemo } from 'react';
import { type CommentSegment, splitCommentText } from './commentText.ts';

const Segment = ({ segment, emotes }: { segment: CommentSegment; emotes: ReadonlyMap<string, Emote> }) => {
  switch (segment.kind) {
    case 'text':
      return <span>{segment.text}</span>;
    case 'link':
      return (
        <a href={segment.href} rel="nofollow ugc noopener" target="_blank">
          {segment.href}
        </a>
      );
    case 'emote': {
      const emote = emotes.get(segment.code);
      if (emote?.type === 'image')
        return (
          <img
            className="emote emote-image"
            src={emote.value}
            alt={segment.code}
            title={segment.code}
            width={24}
            height={24}
            loading="lazy"
          />
        );
      return (
        <span className="emote emote-text" title={segment.code}>
          {emote?.value ?? segment.code}
        </span>
      );
    }
  }
};

/**
 * A comment's content, escaped by React — never HTML: text stays text, links get
 * `rel="nofollow ugc noopener"`, known emote codes show their emote.
 */
export const CommentText = ({
  text,
  emotes,
  className,
}: {
  text: string;
  emotes: ReadonlyMap<string, Emote>;
  /** Extra classes (a moment's text is its h-entry's `e-content`). */
  className?: string;
}) => {
  const segments = useMemo(() => splitCommentText(text, new Set(emotes.keys())), [text, emotes]);
  return (
    // A comment's or a moment's text is content, in its writer's language (issue 44).
    <div className={className ? `comment-text ${className}` : 'comment-text'} data-content>
      {segments.map((segment, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: segments of one text never reorder
        <Segment key={index} segment={segment} emotes={emotes} />
      ))}
    </div>
  );
};
