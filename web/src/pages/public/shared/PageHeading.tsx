/**
 * A page's one `<h1>` (issue 41.12), for screen readers and outlines. Not shown: the nav's current
 * item already shows every sighted visitor which page this is, and the pages' designs have no title.
 */
export const PageHeading = ({ children }: { children: string }) => (
  <h1 className="sr-only" data-testid="page-heading">
    {children}
  </h1>
);
