/**
 * A callback ref that focuses its element when the element appears: `ref={focusOnMount}`.
 *
 * Only for a field that is the reason the screen is there: the first field of a sign-in form
 * (the page is that form, under its heading) and a field the user has just asked for (the
 * custom tag input). Dialogs choose their first focus with `data-autofocus` (src/ui/dialog.tsx).
 * Not the `autoFocus` prop: jsx-a11y's no-autofocus rule forbids it everywhere, and a ref states
 * the one place where moving focus on arrival is wanted, with no rule exception per field.
 */
export function focusOnMount(element: HTMLElement | null): void {
  element?.focus();
}
