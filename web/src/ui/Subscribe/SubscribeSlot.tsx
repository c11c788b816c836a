import { lazy, Suspense, useEffect, useRef, useState } from 'react';

/** The form and ALTCHA come in a chunk of their own: never with a page's first JavaScript (DESIGN §8). */
const SubscribeForm = lazy(() => import('./SubscribeForm.tsx'));

export type SubscribePlace = 'chaos' | 'essay' | 'footer';

/**
 * Where the e-mail subscription form (issue 43) goes: an empty box until it comes near the screen
 * (or is focused into), then the lazy form, which shows nothing when the site sends no mail.
 */
export const SubscribeSlot = ({ place }: { place: SubscribePlace }) => {
  const box = useRef<HTMLDivElement>(null);
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (wanted || !element) return;
    // No observer (an old browser): load it now rather than never.
    if (typeof IntersectionObserver === 'undefined') return setWanted(true);
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setWanted(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [wanted]);
  return (
    <div ref={box} className={`subscribe-slot subscribe-slot-${place}`} data-testid={`subscribe-${place}`}>
      {wanted ? (
        <Suspense fallback={null}>
          <SubscribeForm place={place} />
        </Suspense>
      ) : null}
    </div>
  );
};
