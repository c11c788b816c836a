import type { ReactNode } from 'react';

/** A labelled form row with an optional error line. */
export const Field = ({
  label,
  error,
  children,
}: {
  label: ReactNode;
  error?: string | null;
  children: ReactNode;
}) => (
  // biome-ignore lint/a11y/noLabelWithoutControl: the control is passed in as children
  <label className="admin-field">
    <span className="admin-field-label">{label}</span>
    <span className="admin-field-control">{children}</span>
    {error && <span className="field-error">{error}</span>}
  </label>
);
