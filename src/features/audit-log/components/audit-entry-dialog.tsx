import type { ReactNode } from 'react';
import type { AuditLogRow } from '../../../contract/audit-log';
import { formatDateTime } from '../../../lib/dates';
import { Dialog } from '../../../ui/dialog';
import { AUDIT_LOG_TEXTS as TEXTS } from '../audit-log-texts';
import {
  actionLabel,
  actorLabel,
  detailsJson,
  targetLabel,
  targetName,
} from '../audit-entry-format';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-stone-500 dark:text-zinc-400">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}

/** One audit entry in full: who did what to what, when and from where, and what was recorded. */
export function AuditEntryDialog({
  entry,
  onClose,
}: {
  entry: AuditLogRow | null;
  onClose: () => void;
}) {
  const hasDetails = entry !== null && Object.keys(entry.details).length > 0;
  return (
    <Dialog
      open={entry !== null}
      onClose={onClose}
      title={entry ? actionLabel(entry.action) : TEXTS.detailsTitle}
      closeLabel={TEXTS.close}
      size="lg"
      testId="audit-entry-dialog"
      footer={
        <>
          <p className="mr-auto self-center text-xs text-stone-500 dark:text-zinc-400">
            {TEXTS.readOnly}
          </p>
          <button type="button" className="btn-secondary" onClick={onClose}>
            {TEXTS.close}
          </button>
        </>
      }
    >
      {entry && (
        <div className="space-y-4 px-5 py-4">
          <dl className="grid grid-cols-[7rem_1fr] gap-x-3 gap-y-1.5 text-sm">
            <Field label={TEXTS.columns.time}>
              <span className="tabular-nums">{formatDateTime(entry.at)}</span>
            </Field>
            <Field label={TEXTS.columns.actor}>
              {actorLabel(entry)}
              {entry.actor_id !== null && (
                <span className="ml-1 text-stone-500 dark:text-zinc-400">#{entry.actor_id}</span>
              )}
            </Field>
            <Field label={TEXTS.columns.action}>
              {actionLabel(entry.action)}{' '}
              <code className="text-xs text-stone-500 dark:text-zinc-400">{entry.action}</code>
            </Field>
            <Field label={TEXTS.columns.target}>
              {targetLabel(entry) || '—'}
              {targetName(entry) && (
                <span className="ml-1 text-stone-500 dark:text-zinc-400">{targetName(entry)}</span>
              )}
            </Field>
            <Field label={TEXTS.columns.address}>
              <span className="font-mono text-xs">{entry.ip ?? '—'}</span>
            </Field>
          </dl>
          <section>
            <h3 className="mb-1.5 text-sm font-semibold">{TEXTS.detailsJson}</h3>
            {hasDetails ? (
              <pre
                className="max-h-80 overflow-auto rounded-md bg-stone-100 p-3 font-mono text-xs leading-5 break-words whitespace-pre-wrap text-stone-800 dark:bg-zinc-950 dark:text-zinc-200"
                data-testid="audit-entry-details"
                // A scrolling region: focusable so the keyboard can scroll it, named for that.
                role="region"
                aria-label={TEXTS.detailsJson}
                tabIndex={0}
              >
                {detailsJson(entry.details)}
              </pre>
            ) : (
              <p className="text-sm text-stone-500 dark:text-zinc-400">{TEXTS.detailsEmpty}</p>
            )}
          </section>
        </div>
      )}
    </Dialog>
  );
}
