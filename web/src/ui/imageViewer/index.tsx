import type { ReactNode } from 'react';
import { openOverlay } from '../overlayHost.tsx';
import { reportError } from '../reportError.ts';

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

/** Opens the image viewer overlay (spec §2); its code is loaded on first use. Returns a close function. */
export const openImageViewer = async (options: ImageViewerOptions): Promise<() => void> => {
  const { ImageViewer } = await import('./ImageViewer.tsx');
  return openOverlay((close) => <ImageViewer {...options} onClose={close} onError={reportError} />);
};
