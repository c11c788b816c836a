import type { ImportedPost } from './types.ts';

const firstHeading = /^\s*#{1,6}[ \t]+(.+?)[ \t#]*(?:\n|$)/;

/**
 * An essay keeps its old title as its first heading, whichever platform it came from (issue 41.15):
 * essays have no title of their own, and a static site's front matter (Hexo, Hugo, Jekyll) or
 * Ghost's title field would otherwise be lost, the essay starting at its first paragraph. A post
 * whose text already opens with that heading is left as it is; moments and the about page have
 * none added.
 */
export const withTitleHeading = (post: Pick<ImportedPost, 'kind' | 'title'>, content: string): string => {
  const title = post.title.replace(/\s+/g, ' ').trim();
  if (post.kind !== 'essay' || title === '') return content;
  if (firstHeading.exec(content)?.[1]?.trim() === title) return content;
  return `# ${title}\n\n${content.replace(/^\s+/, '')}`.trimEnd();
};
