import 'leaflet/dist/leaflet.css';
import type { ParkingPlace } from '@candy/contract/calls/insight';
import L from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { t } from '../../../i18n/i18n.ts';
import { useT } from '../../../i18n/useT.ts';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** A place's popup, in the active language when it opens (the name, address and price are content). */
export const popupHtml = (p: ParkingPlace) =>
  `<strong data-content>${escapeHtml(p.name)}</strong><br><span data-content>${escapeHtml(p.address)}</span><br>` +
  `${
    p.free === null
      ? ''
      : `${escapeHtml(
          p.capacity === null
            ? t('admin.map.free', { free: p.free })
            : t('admin.map.freeOf', { free: p.free, capacity: p.capacity }),
        )} · `
  }` +
  `${p.price ? `<span data-content>${escapeHtml(p.price)}</span>` : escapeHtml(t('admin.map.priceUnknown'))} · ` +
  escapeHtml(t('admin.map.metres', { distance: p.distance }));

const hostOf = (template: string) => {
  try {
    return new URL(template.replace(/\{[a-z]\}/g, '0')).host;
  } catch {
    return template;
  }
};

/** The Leaflet map: tiles from the configured template, the radius circle and a marker a place. */
export const LeafletMap = ({
  tileUrl,
  attribution,
  center,
  radius,
  places,
  selected,
  onMove,
}: {
  tileUrl: string;
  attribution: string;
  center: [number, number];
  radius: number;
  places: ParkingPlace[];
  selected: string | null;
  onMove: (center: [number, number]) => void;
}) => {
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  const markers = useRef(new Map<string, L.CircleMarker>());
  const t = useT();
  const moveRef = useRef(onMove);
  moveRef.current = onMove;
  // Tiles come from an outside server (MAP_TILE_URL) that may be unreachable: say so on the map
  // while none has loaded; markers, popups and the list below work without them.
  const [tilesFailed, setTilesFailed] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the map is made once; later centres move it below.
  useEffect(() => {
    if (!box.current) return;
    const m = L.map(box.current, { center, zoom: 14 });
    let loadedTiles = 0;
    setTilesFailed(false);
    L.tileLayer(tileUrl, { attribution, maxZoom: 19 })
      .on('tileload', () => {
        loadedTiles += 1;
        setTilesFailed(false);
      })
      .on('tileerror', () => {
        if (loadedTiles === 0) setTilesFailed(true);
      })
      .addTo(m);
    layer.current = L.layerGroup().addTo(m);
    m.on('moveend', () => {
      const c = m.getCenter();
      moveRef.current([Number(c.lat.toFixed(6)), Number(c.lng.toFixed(6))]);
    });
    map.current = m;
    return () => {
      m.remove();
      map.current = null;
    };
  }, [tileUrl, attribution]);

  useEffect(() => {
    const m = map.current;
    if (!m) return;
    const c = m.getCenter();
    if (Math.abs(c.lat - center[0]) > 1e-5 || Math.abs(c.lng - center[1]) > 1e-5) m.setView(center);
  }, [center]);

  useEffect(() => {
    const group = layer.current;
    if (!group) return;
    group.clearLayers();
    markers.current.clear();
    L.circle(center, { radius, color: '#5b8ff9', weight: 1, fillOpacity: 0.08 }).addTo(group);
    for (const p of places) {
      const marker = L.circleMarker([p.lat, p.lng], {
        radius: 9,
        color: '#fff',
        weight: 2,
        fillColor: p.free === 0 ? '#e8684a' : '#5ad8a6',
        fillOpacity: 0.95,
        className: 'parking-marker',
      })
        // Made when it opens, so it speaks the language active then.
        .bindPopup(() => popupHtml(p))
        .addTo(group);
      markers.current.set(p.id, marker);
    }
  }, [places, center, radius]);

  useEffect(() => {
    if (selected) markers.current.get(selected)?.openPopup();
  }, [selected]);

  return (
    <div className="parking-map-frame">
      <div ref={box} className="parking-map" data-testid="parking-map" />
      {tilesFailed && (
        <p className="parking-map-notice" role="status" data-testid="map-tiles-failed">
          {t('admin.map.tilesFailed', { host: hostOf(tileUrl) })}
        </p>
      )}
    </div>
  );
};
