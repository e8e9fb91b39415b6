// A list whose items leave it, or change, as they are handled (a moderation queue; a review whose
// Reply or Dispute button gives way once used): when the element that held the keyboard focus goes,
// focus would fall to the page and a keyboard or screen-reader user would start again from its top.
// This keeps their place: on the item now where theirs was (the same one, or the next), or on the
// list's empty state once nothing is left (else the list's region itself).
import { type FocusEvent, useLayoutEffect, useRef } from 'react';

/** Marks an item of such a list; it takes focus (tabIndex -1) when the one before it left. */
export const KEPT_FOCUS_ITEM = { 'data-kept-focus-item': '', tabIndex: -1 } as const;
const ITEM = '[data-kept-focus-item]';
/** How such an item shows the focus it was given (a keyboard user's, :focus-visible). */
export const KEPT_FOCUS_RING = 'rounded-xl outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60';
/** What takes focus once the list is empty (EmptyState's focusFallback). */
export const FOCUS_FALLBACK = { 'data-focus-fallback': '', tabIndex: -1 } as const;
const FALLBACK = '[data-focus-fallback]';

/**
 * Spread on the element around the list and what replaces it when empty; its host re-renders with
 * the data.
 */
export function useKeptFocus<E extends HTMLElement>() {
  const ref = useRef<E>(null);
  const place = useRef<{ focused: Element; index: number } | null>(null);

  useLayoutEffect(() => {
    const root = ref.current;
    const was = place.current;
    if (!root || !was || was.focused.isConnected) return;
    place.current = null;
    if (document.activeElement && document.activeElement !== document.body) return;
    const items = root.querySelectorAll<HTMLElement>(ITEM);
    const next = items[Math.min(was.index, items.length - 1)];
    (next ?? root.querySelector<HTMLElement>(FALLBACK) ?? root).focus();
  });

  const onFocus = (event: FocusEvent) => {
    const root = ref.current;
    const target = event.target as Element;
    // Focus inside a dialog the item opened (a portal, outside the list's DOM) keeps the item's place.
    if (!root?.contains(target)) return;
    const item = target.closest(ITEM);
    place.current = item ? { focused: target, index: [...root.querySelectorAll(ITEM)].indexOf(item) } : null;
  };

  // Focus the person let go of (a click on the page's text, with the window still theirs) is not
  // theirs to keep: a card that leaves later must not pull them back.
  const onBlur = (event: FocusEvent) => {
    const target = event.target as Element;
    if (
      event.relatedTarget === null &&
      target.isConnected &&
      document.hasFocus() &&
      ref.current?.contains(target)
    )
      place.current = null;
  };

  return { ref, onFocus, onBlur, tabIndex: -1 };
}
