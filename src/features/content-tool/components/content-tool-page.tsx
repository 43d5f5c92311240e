import { getRouteApi, useNavigate } from '@tanstack/react-router';
import clsx from 'clsx';
import { Repeat, RotateCcw, Search, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { ContentToolItem } from '../../../contract/content-tool';
import { contentIdSchema } from '../../../contract/validation';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatArrivalTime, formatDateTime } from '../../../lib/dates';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { TextField } from '../../../ui/form/text-field';
import { useContentToolItem } from '../api/content-tool-calls';
import { CONTENT_TOOL_TEXTS as TEXTS, type ToolAction } from '../content-tool-texts';
import { ItemActionDialog } from './item-action-dialog';
import { ItemTimeline } from './item-timeline';

const route = getRouteApi('/app/content-tool');
const muted = 'text-stone-600 dark:text-zinc-400';

/**
 * /content-tool: an item id in, its whole life out. The id is in the address (`?id=`), so a
 * link from elsewhere (the history drawer) opens the item, and the timeline refreshes while the
 * page is open. Actions are confirmed in a dialog and answered with the item as it is after.
 */
export function ContentToolPage() {
  useDocumentTitle(TEXTS.title);
  const { id } = route.useSearch();
  const item = useContentToolItem(id);
  return (
    <div className="space-y-6">
      <h1 className="text-xl font-semibold">{TEXTS.title}</h1>
      <p className={clsx('max-w-3xl text-sm', muted)}>{TEXTS.intro}</p>
      {/* Keyed by the id: following a link to another item shows that id in the field. */}
      <LookupForm key={id ?? 'none'} current={id} />
      {id !== undefined &&
        (item.isError ? (
          <div role="alert" className="panel space-y-3 p-5 text-sm">
            <p>{errorMessage(item.error)}</p>
            {!(item.error instanceof ApiError && item.error.status === 404) && (
              <button type="button" className="btn-secondary" onClick={() => void item.refetch()}>
                {TEXTS.retry}
              </button>
            )}
          </div>
        ) : item.data ? (
          <ItemPanel item={item.data} />
        ) : (
          <p role="status" className={clsx('text-sm', muted)}>
            {TEXTS.loading}
          </p>
        ))}
    </div>
  );
}

function LookupForm({ current }: { current: number | undefined }) {
  const navigate = useNavigate();
  const [value, setValue] = useState(current === undefined ? '' : String(current));
  const [error, setError] = useState<string | undefined>();
  return (
    <form
      noValidate
      role="search"
      aria-label={TEXTS.lookupForm}
      className="panel flex flex-wrap items-start gap-3 p-5"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = contentIdSchema('The item id').safeParse(value.trim());
        if (!parsed.success) {
          setError(parsed.error.issues[0]?.message);
          return;
        }
        setError(undefined);
        void navigate({ to: '/content-tool', search: { id: parsed.data } });
      }}
    >
      <TextField
        label={TEXTS.lookupLabel}
        hint={TEXTS.lookupHint}
        name="id"
        inputMode="numeric"
        autoComplete="off"
        className="w-64"
        value={value}
        error={error}
        onChange={setValue}
      />
      <button type="submit" className="btn-primary mt-6">
        <Search aria-hidden="true" className="size-4" />
        {TEXTS.lookup}
      </button>
    </form>
  );
}

function statusLabel(item: ContentToolItem): { label: string; tone: string } {
  if (item.status === 'pending') {
    return {
      label: TEXTS.status.pending,
      tone: 'bg-sky-100 text-sky-800 dark:bg-sky-500/15 dark:text-sky-300',
    };
  }
  if (item.status === 'assigned') {
    return {
      label: TEXTS.status.assigned(item.holder),
      tone: 'bg-amber-100 text-amber-900 dark:bg-amber-500/15 dark:text-amber-300',
    };
  }
  if (item.decision_source === 'discard') {
    return {
      label: TEXTS.status.discarded,
      tone: 'bg-red-100 text-red-800 dark:bg-red-500/15 dark:text-red-300',
    };
  }
  return {
    label: item.decision_source === 'ai' ? TEXTS.status.decidedByAi : TEXTS.status.decided,
    tone: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300',
  };
}

const ACTION_ICONS = { requeue: RotateCcw, discard: Trash2, redeliver: Repeat } as const;

function ItemPanel({ item }: { item: ContentToolItem }) {
  const [action, setAction] = useState<ToolAction | null>(null);
  const status = statusLabel(item);
  return (
    <section className="panel" aria-labelledby="content-tool-item-title">
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-stone-200 px-5 py-3 dark:border-zinc-800">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="content-tool-item-title" className="text-base font-semibold">
            {TEXTS.itemTitle(item.id, item.service_name)}
          </h2>
          <span
            className={clsx('rounded-full px-2 py-0.5 text-xs font-medium', status.tone)}
            data-testid="item-status"
          >
            {status.label}
          </span>
          {item.sandbox && (
            <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-700 dark:bg-zinc-800 dark:text-zinc-300">
              {TEXTS.sandboxBadge}
            </span>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          {(['requeue', 'discard', 'redeliver'] as const).map((name) => {
            const Icon = ACTION_ICONS[name];
            const possible = item.can[name];
            return (
              <button
                key={name}
                type="button"
                className={
                  name === 'discard'
                    ? 'btn-secondary text-red-700 dark:text-red-400'
                    : 'btn-secondary'
                }
                disabled={!possible}
                title={possible ? undefined : TEXTS.unavailable[name]}
                onClick={() => setAction(name)}
              >
                <Icon aria-hidden="true" className="size-4" />
                {TEXTS.actions[name]}
              </button>
            );
          })}
        </div>
      </header>
      <div className="grid gap-0 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="space-y-4 border-b border-stone-200 p-5 lg:border-r lg:border-b-0 dark:border-zinc-800">
          <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
            <Field label={TEXTS.details.subscriber}>
              {item.subscriber_name}
              {item.subscriber_name !== item.subscriber_id && (
                <span className={muted}> ({item.subscriber_id})</span>
              )}
            </Field>
            <Field label={TEXTS.details.user}>
              {item.username || '-'} <span className={muted}>({item.user_id})</span>
            </Field>
            <Field label={TEXTS.details.type}>{TEXTS.types[item.message_type]}</Field>
            <Field label={TEXTS.details.arrived}>{formatArrivalTime(item.arrived_at)}</Field>
            {item.lease_expires_at && (
              <Field label={TEXTS.details.leaseEnds}>{formatDateTime(item.lease_expires_at)}</Field>
            )}
            {item.notes && (
              <Field label={TEXTS.details.notes} wide>
                {item.notes}
              </Field>
            )}
            <Field label={TEXTS.details.content} wide>
              {item.message_type === 'text' || item.message_type === 'other' ? (
                <span className="block max-h-48 overflow-auto break-words whitespace-pre-wrap">
                  {item.content}
                </span>
              ) : (
                <a
                  href={item.file_url ?? item.content}
                  target="_blank"
                  rel="noreferrer"
                  className="break-all text-gold-800 underline dark:text-gold-300"
                >
                  {TEXTS.details.openMedia}
                </a>
              )}
            </Field>
          </dl>
        </div>
        <div className="p-5">
          <h3 className="text-sm font-semibold">{TEXTS.timeline}</h3>
          <p className={clsx('mb-3 text-xs', muted)}>{TEXTS.timelineNote}</p>
          <ItemTimeline events={item.timeline} />
        </div>
      </div>
      <ItemActionDialog item={item} action={action} onClose={() => setAction(null)} />
    </section>
  );
}

function Field({ label, wide, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={clsx('min-w-0', wide && 'col-span-2')}>
      <dt className="text-xs font-medium text-stone-500 dark:text-zinc-400">{label}</dt>
      <dd className="mt-0.5 break-words">{children}</dd>
    </div>
  );
}
