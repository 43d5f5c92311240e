import { Pencil, Save, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import {
  SavedReportBodySchema,
  type SavedReport,
  type SavedReportFilters,
} from '../../../contract/reports';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notices';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { Dialog } from '../../../ui/dialog';
import { CheckboxField } from '../../../ui/form/checkbox-field';
import { FormActions } from '../../../ui/form/form-actions';
import { FormError } from '../../../ui/form/form-error';
import { TextField } from '../../../ui/form/text-field';
import { useZodForm } from '../../../ui/form/use-zod-form';
import { UI_TEXTS } from '../../../ui/ui-texts';
import { useDeleteSavedReport, useSaveReport, useSavedReports } from '../api/report-queries';
import { REPORTS_TEXTS } from '../reports-texts';

const TEXTS = REPORTS_TEXTS.saved;

type Editing = { mode: 'new' } | { mode: 'edit'; saved: SavedReport } | null;

/**
 * Saved reports: pick one to load its filters; save the current filters under a new name
 * (shared or not); rename, re-share, update or delete one's own. Shared reports of others load
 * but show no change buttons (the server refuses those anyway).
 */
export function SavedReportsBar({
  selectedId,
  filters,
  onLoad,
}: {
  selectedId: number | undefined;
  filters: SavedReportFilters;
  onLoad: (saved: SavedReport | null) => void;
}) {
  const id = useId();
  const saved = useSavedReports();
  const save = useSaveReport();
  const remove = useDeleteSavedReport();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<SavedReport | null>(null);
  const current = saved.data?.find((report) => report.id === selectedId);

  const update = (report: SavedReport) =>
    save.mutate(
      { id: report.id, body: { name: report.name, shared: report.shared, filters } },
      {
        onSuccess: (done) => {
          notify.success(TEXTS.saved);
          onLoad(done);
        },
        onError: (error) => notify.error(errorMessage(error)),
      },
    );

  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="saved-reports">
      <label htmlFor={id} className="sr-only">
        {TEXTS.label}
      </label>
      <select
        id={id}
        className="field-input w-auto max-w-64 py-1.5 pr-8"
        value={current ? String(current.id) : ''}
        onChange={(event) => {
          const chosen = saved.data?.find((report) => String(report.id) === event.target.value);
          onLoad(chosen ?? null);
        }}
      >
        <option value="">{TEXTS.none}</option>
        {saved.data?.map((report) => (
          <option key={report.id} value={report.id}>
            {report.mine ? report.name : `${report.name} (${TEXTS.sharedBy(report.owner)})`}
          </option>
        ))}
      </select>
      {current?.mine && (
        <>
          <button
            type="button"
            className="btn-secondary px-2.5 py-1.5"
            disabled={save.isPending}
            onClick={() => update(current)}
          >
            <Save aria-hidden="true" className="size-4" />
            {TEXTS.update}
          </button>
          <button
            type="button"
            className="btn-ghost px-2.5 py-1.5"
            onClick={() => setEditing({ mode: 'edit', saved: current })}
          >
            <Pencil aria-hidden="true" className="size-4" />
            {TEXTS.rename}
          </button>
          <button
            type="button"
            className="btn-ghost px-2.5 py-1.5 text-red-700 dark:text-red-400"
            onClick={() => setDeleting(current)}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            {TEXTS.delete}
          </button>
        </>
      )}
      <button
        type="button"
        className="btn-secondary px-2.5 py-1.5"
        onClick={() => setEditing({ mode: 'new' })}
      >
        <Save aria-hidden="true" className="size-4" />
        {TEXTS.save}
      </button>
      {editing && (
        <SaveReportDialog
          editing={editing}
          filters={filters}
          onClose={() => setEditing(null)}
          onDone={(done) => {
            setEditing(null);
            notify.success(TEXTS.saved);
            onLoad(done);
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={TEXTS.deleteTitle}
        description={TEXTS.deleteQuestion(deleting?.name ?? '')}
        confirmLabel={TEXTS.delete}
        busyLabel={TEXTS.deleting}
        tone="danger"
        busy={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              notify.success(TEXTS.deleted);
              onLoad(null);
            },
            onError: (error) => notify.error(errorMessage(error)),
          })
        }
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}

function SaveReportDialog({
  editing,
  filters,
  onClose,
  onDone,
}: {
  editing: Exclude<Editing, null>;
  filters: SavedReportFilters;
  onClose: () => void;
  onDone: (saved: SavedReport) => void;
}) {
  const existing = editing.mode === 'edit' ? editing.saved : undefined;
  const save = useSaveReport();
  const form = useZodForm(SavedReportBodySchema, {
    name: existing?.name ?? '',
    shared: existing?.shared ?? false,
    filters: existing?.filters ?? filters,
  });
  const submit = form.handleSubmit(async (body) =>
    onDone(await save.mutateAsync({ id: existing?.id, body })),
  );
  return (
    <Dialog
      open
      onClose={onClose}
      title={existing ? TEXTS.editTitle : TEXTS.dialogTitle}
      testId="save-report-dialog"
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-4">
        <TextField
          label={TEXTS.name}
          required
          initialFocus
          autoComplete="off"
          {...form.field('name')}
        />
        <CheckboxField
          label={TEXTS.shared}
          {...form.field('shared')}
          value={form.values.shared ?? false}
        />
        <FormError message={form.formError} />
        <FormActions
          busy={form.submitting}
          submitLabel={TEXTS.create}
          busyLabel={TEXTS.saving}
          cancelLabel={UI_TEXTS.cancel}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
