import { useCallback, useEffect, useRef } from 'react';

/**
 * Calls `onReach` whenever the returned sentinel element comes within `margin` of the viewport
 * while `enabled`; attach it with `ref={sentinel}` below the list.
 */
export const useInfiniteScroll = (onReach: () => void, enabled: boolean, margin = '600px') => {
  const latest = useRef(onReach);
  latest.current = onReach;
  const observer = useRef<IntersectionObserver | null>(null);
  const element = useRef<Element | null>(null);
  const enabledRef = useRef(enabled);
  enabledRef.current = enabled;

  useEffect(() => {
    observer.current = new IntersectionObserver(
      (entries) => {
        if (enabledRef.current && entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: margin },
    );
    if (element.current) observer.current.observe(element.current);
    return () => observer.current?.disconnect();
  }, [margin]);

  // A page that did not fill the screen leaves the sentinel visible: ask again once enabled. What
  // the observer saw last may be stale (the sentinel was at the top while the list was empty), so
  // it is asked afresh: observing again reports where the sentinel is now.
  useEffect(() => {
    const node = element.current;
    if (!enabled || !node || !observer.current) return;
    observer.current.unobserve(node);
    observer.current.observe(node);
  }, [enabled]);

  return useCallback((node: Element | null) => {
    if (element.current) observer.current?.unobserve(element.current);
    element.current = node;
    if (node) observer.current?.observe(node);
  }, []);
};
