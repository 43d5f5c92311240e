import { LoaderCircle } from 'lucide-react';
import { UI_TEXTS } from '../ui-texts';

/**
 * The buttons that end a form: Cancel, then the submit button. While the form is being sent
 * both are disabled and the submit button spins and says what is happening (`busyLabel`), so a
 * second click cannot send it twice. `form` ties the submit button to a form elsewhere in the
 * dialog (a footer outside the scrolling body); `inRow={false}` leaves the layout to that footer.
 */
export function FormActions({
  busy,
  submitLabel,
  busyLabel,
  onCancel,
  cancelLabel = UI_TEXTS.cancel,
  form,
  inRow = true,
}: {
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  onCancel: () => void;
  cancelLabel?: string;
  form?: string;
  inRow?: boolean;
}) {
  const buttons = (
    <>
      <button type="button" className="btn-secondary" disabled={busy} onClick={onCancel}>
        {cancelLabel}
      </button>
      <button
        type="submit"
        form={form}
        className="btn-primary"
        disabled={busy}
        aria-busy={busy || undefined}
      >
        {busy && <LoaderCircle aria-hidden="true" className="size-4 motion-safe:animate-spin" />}
        {busy ? busyLabel : submitLabel}
      </button>
    </>
  );
  return inRow ? <div className="flex flex-wrap justify-end gap-2 pt-2">{buttons}</div> : buttons;
}
