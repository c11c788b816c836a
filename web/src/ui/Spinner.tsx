/** A small rotating ring; inherits the text colour. */
export const Spinner = ({ label = 'loading' }: { label?: string }) => (
  <span className="spinner" role="progressbar" aria-label={label} data-testid="spinner" />
);
