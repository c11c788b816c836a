import type { ReactNode } from 'react';
import { createStore, useStore } from '../core/store.ts';
import { nextZIndex } from './layers.ts';

interface Overlay {
  id: number;
  zIndex: number;
  render: (close: () => void) => ReactNode;
}

const overlays = createStore<{ list: Overlay[] }>({ list: [] });
let lastId = 0;

/** Shows an overlay above everything else; returns its close function. */
export const openOverlay = (render: (close: () => void) => ReactNode): (() => void) => {
  lastId += 1;
  const id = lastId;
  const close = () => overlays.set({ list: overlays.get().list.filter((o) => o.id !== id) });
  overlays.set({ list: [...overlays.get().list, { id, zIndex: nextZIndex(), render }] });
  return close;
};

/** Rendered once by the app shell; dialogs and the image viewer appear here. */
export const OverlayHost = () => {
  const list = useStore(overlays, (s) => s.list);
  return (
    <>
      {list.map((o) => (
        <div key={o.id} className="overlay-layer" style={{ zIndex: o.zIndex }}>
          {o.render(() => overlays.set({ list: overlays.get().list.filter((x) => x.id !== o.id) }))}
        </div>
      ))}
    </>
  );
};
