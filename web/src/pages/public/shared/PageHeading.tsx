/**
 * A page's one `<h1>` (issue 41.12), for screen readers and outlines. Not shown: the nav's current
 * item already shows every sighted visitor which page this is, and the pages' designs have no title.
 */
export const PageHeading = ({
  children,
  content = false,
}: {
  children: string;
  /** The heading is content (an essay's title), in its author's language (`data-content`, issue 44). */
  content?: boolean;
}) => (
  <h1 className="sr-only" data-testid="page-heading" data-content={content || undefined}>
    {children}
  </h1>
);
