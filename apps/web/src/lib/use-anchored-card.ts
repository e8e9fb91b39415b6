// A card a link opens by its anchor (`/profile#…`): brought into view once its content is here,
// which a page load paints after the browser's own jump to the anchor.
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** A ref for the card with id `anchor`, scrolled to when the address names it and `loaded` is true. */
export function useAnchoredCard<E extends HTMLElement>(anchor: string, loaded: boolean) {
  const { hash } = useLocation();
  const card = useRef<E>(null);
  useEffect(() => {
    if (loaded && hash === `#${anchor}`) card.current?.scrollIntoView({ block: 'start' });
  }, [anchor, hash, loaded]);
  return card;
}
