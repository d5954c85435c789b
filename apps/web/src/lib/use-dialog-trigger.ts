import { useCallback, useMemo, useRef } from 'react';

// Gives the focus back to what opened a dialog once it closes, for keyboard and screen-reader
// users (WCAG 2.4.3). Mantine's Modal does this only for a dialog that stays mounted and is
// opened by its `opened` prop: it notes the focused element when that prop turns true. Our
// dialogs are mostly mounted already open (a host renders the one open dialog, or a lazy
// dialog replaces its loading stand-in), so Mantine never notes a trigger; and a dialog chosen
// from a menu was opened by the menu's item, which leaves with the menu.

interface Trigger {
  element: HTMLElement;
  /** Its accessible name, to find its replacement if it is drawn again. */
  name: string | null;
  /** Its ancestors, nearest first: where to look for a replacement when it is gone. */
  ancestors: HTMLElement[];
}

const FOCUSABLE = [
  'button:not([disabled])',
  'a[href]',
  'input:not([disabled])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function accessibleName(element: Element): string | null {
  return element.getAttribute('aria-label') ?? element.textContent?.trim() ?? null;
}

/** For a menu's item, the button that opened the menu: the item goes when the menu closes. */
function menuButtonOf(element: HTMLElement): HTMLElement | null {
  const menu = element.closest('[role="menu"]');
  if (!menu) return null;
  const labelledBy = menu.getAttribute('aria-labelledby');
  const byLabel = labelledBy ? document.getElementById(labelledBy) : null;
  if (byLabel) return byLabel;
  const id = menu.id;
  if (!id) return null;
  for (const candidate of document.querySelectorAll<HTMLElement>('[aria-controls]')) {
    if (candidate.getAttribute('aria-controls') === id) return candidate;
  }
  return null;
}

function triggerOf(element: HTMLElement): Trigger {
  const ancestors: HTMLElement[] = [];
  for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
    ancestors.push(node);
  }
  return { element, name: accessibleName(element), ancestors };
}

/** The trigger itself, else a replacement near where it was: same name first, else the first focusable. */
function focusTarget({ element, name, ancestors }: Trigger): HTMLElement | null {
  if (element.isConnected) return element;
  for (const ancestor of ancestors) {
    if (!ancestor.isConnected) continue;
    const candidates = [...ancestor.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const replacement = candidates.find((c) => name !== null && accessibleName(c) === name) ?? candidates[0];
    if (replacement) return replacement;
  }
  return null;
}

/** How long the focus follows a trigger that leaves the page after the dialog closed. */
const FOLLOW_MS = 10_000;

/**
 * Focuses the trigger (or its replacement), then follows it for a while: a trigger may leave
 * just after the dialog closes (a deleted contact's card, once the list has reloaded), and the
 * focus would fall to the page's body. Once the user has moved the focus on, it is left alone.
 */
function giveFocusBack(noted: Trigger): void {
  const target = focusTarget(noted);
  if (!target) return;
  target.focus();
  const followed = triggerOf(target);
  const observer = new MutationObserver(() => {
    if (followed.element.isConnected) return;
    stop();
    const active = document.activeElement;
    if (active === null || active === document.body) focusTarget(followed)?.focus();
  });
  const timer = setTimeout(() => stop(), FOLLOW_MS);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(document.body, { childList: true, subtree: true });
}

export interface DialogTrigger {
  /** Call when opening a dialog: notes what has the focus (a menu's item: the menu's button). */
  remember: () => void;
  /** Call when the dialog closes: the focus goes back there, after the dialog has gone. */
  returnFocus: () => void;
}

/**
 * The focus-return of a dialog host: `remember()` as a dialog opens, `returnFocus()` as it
 * closes. A dialog opened from inside another (Details, then Submit Documents) keeps the first
 * dialog's trigger. When the trigger is no longer in the page, or leaves it just after (its
 * card left the list, its button was drawn again), the focus goes to a control of the same name
 * near where it was, else to the first control there.
 */
export function useDialogTrigger(): DialogTrigger {
  const trigger = useRef<Trigger | null>(null);

  const remember = useCallback(() => {
    const active = document.activeElement;
    if (!(active instanceof HTMLElement) || active === document.body) return;
    if (trigger.current && active.closest('[role="dialog"]')) return;
    trigger.current = triggerOf(menuButtonOf(active) ?? active);
  }, []);

  const returnFocus = useCallback(() => {
    const noted = trigger.current;
    trigger.current = null;
    if (!noted) return;
    // After the closing render has removed the dialog (and its focus trap).
    setTimeout(() => giveFocusBack(noted), 0);
  }, []);

  return useMemo(() => ({ remember, returnFocus }), [remember, returnFocus]);
}
