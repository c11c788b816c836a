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
  const visible = useRef(false);
  const enabledRef = useRef(enabled);
  enabledRef.current = enabled;

  useEffect(() => {
    observer.current = new IntersectionObserver(
      (entries) => {
        visible.current = entries.some((entry) => entry.isIntersecting);
        if (visible.current && enabledRef.current) latest.current();
      },
      { rootMargin: margin },
    );
    if (element.current) observer.current.observe(element.current);
    return () => observer.current?.disconnect();
  }, [margin]);

  // A page that did not fill the screen leaves the sentinel visible: ask again once enabled.
  useEffect(() => {
    if (enabled && visible.current) latest.current();
  }, [enabled]);

  return useCallback((node: Element | null) => {
    if (element.current) observer.current?.unobserve(element.current);
    element.current = node;
    if (node) observer.current?.observe(node);
  }, []);
};
