import { Limits } from '@candy/contract/constants';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../i18n/useT.ts';
import { useFocusTrap } from '../focusTrap.ts';
import { type Frame, fitFrame, isTap, pinchFrame, zoomFrame } from './geometry.ts';
import type { ImageViewerOptions } from './options.ts';

interface Props extends ImageViewerOptions {
  onClose: () => void;
  onError: (error: unknown) => void;
}

interface Press {
  x: number;
  y: number;
}

const viewport = () => ({ width: window.innerWidth, height: window.innerHeight });

const distance = (a: Press, b: Press) => Math.hypot(a.x - b.x, a.y - b.y);

/** Drag, wheel and pinch zoom; a tap (movement under 5px) closes (spec §2). */
export const ImageViewer = ({ src, alt, buttons = [], fileName, onClose, onError }: Props) => {
  const t = useT();
  const img = useRef<HTMLImageElement>(null);
  const [frame, setFrame] = useState<Frame | null>(null);
  const pointers = useRef(new Map<number, Press>());
  // A two-finger gesture's start: every pinch frame is computed from it (geometry.ts pinchFrame).
  const pinch = useRef<{ frame: Frame; from: [Press, Press] } | null>(null);
  const moved = useRef(0);
  const panel = useRef<HTMLDivElement>(null);
  useFocusTrap(panel);

  // The image's size is known once it has loaded: look every 100ms (spec §9).
  useEffect(() => {
    const poll = setInterval(() => {
      const el = img.current;
      if (el?.complete && el.naturalWidth > 0) {
        clearInterval(poll);
        setFrame(fitFrame({ width: el.naturalWidth, height: el.naturalHeight }, viewport()));
      }
    }, Limits.viewerReadyPollMs);
    return () => clearInterval(poll);
  }, []);

  // The keyboard's way: Escape closes, + and - zoom about the centre, arrows move the picture.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') return onClose();
      const centre = { x: window.innerWidth / 2, y: window.innerHeight / 2 };
      const step = 40;
      const moves: Record<string, (f: Frame) => Frame> = {
        '+': (f) => zoomFrame(f, 1.1, centre),
        '=': (f) => zoomFrame(f, 1.1, centre),
        '-': (f) => zoomFrame(f, 1 / 1.1, centre),
        ArrowLeft: (f) => ({ ...f, x: f.x - step }),
        ArrowRight: (f) => ({ ...f, x: f.x + step }),
        ArrowUp: (f) => ({ ...f, y: f.y - step }),
        ArrowDown: (f) => ({ ...f, y: f.y + step }),
      };
      const move = moves[e.key];
      if (!move) return;
      e.preventDefault();
      setFrame((f) => (f ? move(f) : f));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  const onPointerDown = (e: React.PointerEvent) => {
    (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
    if (pointers.current.size === 0) moved.current = 0;
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    startPinch();
  };

  /** With exactly two presses down, a pinch starts (again) from where they are now. */
  const startPinch = () => {
    const [a, b] = [...pointers.current.values()];
    pinch.current = frame && a && b && pointers.current.size === 2 ? { frame, from: [a, b] } : null;
  };

  const onPointerMove = (e: React.PointerEvent) => {
    const before = pointers.current.get(e.pointerId);
    if (!before || !frame) return;
    const now = { x: e.clientX, y: e.clientY };
    moved.current += distance(before, now);
    pointers.current.set(e.pointerId, now);
    const [a, b] = [...pointers.current.values()];
    const start = pinch.current;
    if (start && a && b) {
      setFrame(pinchFrame(start.frame, start.from, [a, b]));
    } else {
      // Several moves can arrive before a render: each one moves the latest frame.
      setFrame((f) => f && { ...f, x: f.x + now.x - before.x, y: f.y + now.y - before.y });
    }
  };

  const onPointerUp = (e: React.PointerEvent) => {
    // Presses that began on the buttons were never tracked and must not close the viewer.
    if (!pointers.current.delete(e.pointerId)) return;
    pinch.current = null;
    if (pointers.current.size === 0 && isTap(moved.current)) onClose();
  };

  const onWheel = (e: React.WheelEvent) => {
    if (!frame) return;
    setFrame(zoomFrame(frame, e.deltaY < 0 ? 1.1 : 1 / 1.1, { x: e.clientX, y: e.clientY }));
  };

  const name = fileName ?? (src.split('?')[0]?.split('/').pop() || 'image');
  return (
    <div
      ref={panel}
      tabIndex={-1}
      role="dialog"
      aria-modal="true"
      aria-label={alt ? t('image.view.alt', { alt }) : t('image.view')}
      className="image-viewer"
      data-testid="image-viewer"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={(e) => {
        pointers.current.delete(e.pointerId);
        pinch.current = null;
      }}
      onWheel={onWheel}
    >
      <img
        ref={img}
        src={src}
        alt={alt ?? ''}
        draggable={false}
        data-testid="image-viewer-img"
        style={
          frame
            ? {
                width: frame.width,
                height: frame.height,
                transform: `translate(${frame.x - frame.width / 2}px, ${frame.y - frame.height / 2}px)`,
              }
            : { visibility: 'hidden' }
        }
      />
      <div className="image-viewer-buttons" onPointerDown={(e) => e.stopPropagation()}>
        <a className="btn" href={src} download={name} data-testid="image-viewer-save">
          {t('imageViewer.save')}
        </a>
        <button type="button" className="btn" onClick={onClose} data-testid="image-viewer-close">
          {t('imageViewer.close')}
        </button>
        {buttons.map((b, i) => (
          <button
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed for the viewer's life
            key={i}
            type="button"
            className="btn"
            onClick={() => {
              try {
                Promise.resolve(b.onClick()).catch(onError);
              } catch (error) {
                onError(error);
              }
            }}
          >
            {b.label}
          </button>
        ))}
      </div>
    </div>
  );
};
