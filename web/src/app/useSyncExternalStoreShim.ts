/**
 * What wouter imports as `use-sync-external-store/shim` (web/vite.config.ts points it here). The
 * shim exists for React before 18 and, on React 19, only hands over React's own hook after
 * shipping its fallback: 2.3 KB of every first load (issue 30: the 100 KB budget).
 */
export { useSyncExternalStore } from 'react';
