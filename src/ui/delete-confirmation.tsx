import { useCallback, useState, type ReactNode } from 'react';
import { errorMessage } from '../lib/api-client';
import { notify } from '../lib/notices';
import { ConfirmDialog } from './confirm-dialog';

/**
 * Deleting a row of a list after a question: `ask(row)` opens the question, the answer runs
 * `remove(row)` with the dialog busy, success closes it with the notice `deleted(row)`, a
 * failure keeps it open and shows the server's message as an error notice. `dialog` is the
 * question to render once on the screen.
 *
 *   const deletion = useDeleteConfirmation({ remove: (pool) => remove.mutateAsync(pool.id),
 *     deleted: (pool) => TEXTS.deleted(pool.name) });
 *   <button onClick={() => deletion.ask(row)}>Delete</button>
 *   {deletion.dialog({ title: (pool) => ..., description: ..., confirmLabel, busyLabel })}
 */
export function useDeleteConfirmation<Row>(options: {
  remove: (row: Row) => Promise<unknown>;
  deleted: (row: Row) => string;
}) {
  const [target, setTarget] = useState<Row | null>(null);
  const [busy, setBusy] = useState(false);
  // Stable, so a screen's memoised columns can hold it.
  const ask = useCallback((row: Row) => setTarget(row), []);

  async function confirm(row: Row) {
    setBusy(true);
    try {
      await options.remove(row);
      notify.success(options.deleted(row));
      setTarget(null);
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return {
    ask,
    dialog: (texts: {
      title: (row: Row) => ReactNode;
      description: ReactNode;
      confirmLabel: string;
      busyLabel: string;
    }) => (
      <ConfirmDialog
        open={target !== null}
        title={target === null ? '' : texts.title(target)}
        description={texts.description}
        confirmLabel={texts.confirmLabel}
        busyLabel={texts.busyLabel}
        tone="danger"
        busy={busy}
        onConfirm={() => {
          if (target !== null) void confirm(target);
        }}
        onCancel={() => setTarget(null)}
      />
    ),
  };
}
