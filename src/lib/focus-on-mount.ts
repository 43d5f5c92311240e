/**
 * A callback ref that focuses its element when the element appears: `ref={focusOnMount}`.
 *
 * Only for a field that is the reason the screen is there: the first field of a sign-in form
 * (the page is that form, under its heading) and a field the user has just asked for (the
 * custom tag input). Dialogs choose their first focus with `data-autofocus` (src/ui/dialog.tsx).
 * Not the `autoFocus` attribute: in the production build (Preact) that is the browser's own
 * attribute, which a page honours only once, so a form reached by navigation would not get it.
 */
export function focusOnMount(element: HTMLElement | null): void {
  element?.focus();
}
