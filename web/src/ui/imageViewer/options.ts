import type { ReactNode } from 'react';

/** What the viewer is opened with: shared by its opener (`index.tsx`) and the lazy viewer itself. */
export interface ViewerButton {
  label: ReactNode;
  onClick: () => unknown;
}

export interface ImageViewerOptions {
  src: string;
  alt?: string;
  /** Shown after the always-present save-as button. */
  buttons?: ViewerButton[];
  /** File name offered by save-as; the last path segment of `src` by default. */
  fileName?: string;
}
