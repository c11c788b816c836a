import { runtimeConfig } from '../../../core/runtimeConfig.ts';

/**
 * The owner as an entry's author, for microformats2 readers (issue 29.4: other sites read our
 * essays as we read theirs, `p-author h-card`). Hidden: the page shows whose site it is already,
 * in the header's h-card; parsers read hidden markup all the same.
 */
export const AuthorCard = () => (
  <a className="p-author h-card" href="/home" hidden data-content>
    {runtimeConfig.title}
  </a>
);
