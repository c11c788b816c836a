import { openOverlay } from '../overlayHost.tsx';
import { reportError } from '../reportError.ts';
import type { ImageViewerOptions } from './options.ts';

export type { ImageViewerOptions, ViewerButton } from './options.ts';

/** Opens the image viewer overlay (spec §2); its code is loaded on first use. Returns a close function. */
export const openImageViewer = async (options: ImageViewerOptions): Promise<() => void> => {
  const { ImageViewer } = await import('./ImageViewer.tsx');
  return openOverlay((close) => <ImageViewer {...options} onClose={close} onError={reportError} />);
};
