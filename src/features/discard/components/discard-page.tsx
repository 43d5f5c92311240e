import { Link } from '@tanstack/react-router';
import clsx from 'clsx';
import { Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { MESSAGE_TYPES, type MessageType } from '../../../contract/content';
import {
  DISCARD_MAX_AGE_MINUTES,
  DISCARD_STATUSES,
  type DiscardFilterInput,
  type DiscardPreview,
  type DiscardSample,
  type DiscardStatus,
} from '../../../contract/discard';
import { canOpen } from '../../../contract/routes';
import { errorMessage } from '../../../lib/api-client';
import { formatArrivalTime } from '../../../lib/dates';
import { notify } from '../../../lib/notices';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { createColumnHelper } from '../../../ui/data-table/columns';
import { DataTable } from '../../../ui/data-table/data-table';
import { TruncatedText } from '../../../ui/data-table/truncated-text';
import { FormError } from '../../../ui/form/form-error';
import { SelectField } from '../../../ui/form/select-field';
import { TextField, TextareaField } from '../../../ui/form/text-field';
import { useCurrentUser } from '../../auth/api/current-user';
import { useDiscardServices, usePreviewDiscard, useStartDiscard } from '../api/discard-calls';
import { AGE_UNIT_MINUTES, DISCARD_UI_TEXTS as TEXTS, type AgeUnit } from '../discard-texts';
import { ConfirmDiscardDialog } from './confirm-discard-dialog';
import { DiscardJobs } from './discard-jobs';

const muted = 'text-stone-600 dark:text-zinc-400';
const PREVIEW_CHARS = 40;

interface FilterDraft {
  service_id: number | '';
  subscriber: string;
  status: DiscardStatus;
  age: string;
  unit: AgeUnit;
  message_type: MessageType | '';
}

const EMPTY: FilterDraft = {
  service_id: '',
  subscriber: '',
  status: 'any',
  age: '',
  unit: 'hours',
  message_type: '',
};

/** The draft as the preview's query; an age that is no whole number is reported. */
function filterOf(draft: FilterDraft): { filter: DiscardFilterInput } | { ageError: string } {
  const filter: DiscardFilterInput = { status: draft.status };
  if (draft.service_id !== '') filter.service_id = draft.service_id;
  if (draft.subscriber.trim() !== '') filter.subscriber = draft.subscriber.trim();
  if (draft.message_type !== '') filter.message_type = draft.message_type;
  if (draft.age.trim() !== '') {
    const amount = Number(draft.age);
    const minutes = amount * AGE_UNIT_MINUTES[draft.unit];
    if (!Number.isInteger(amount) || amount < 1 || minutes > DISCARD_MAX_AGE_MINUTES) {
      return { ageError: `Enter a whole number from 1 up to a year` };
    }
    filter.older_than_minutes = minutes;
  }
  return { filter };
}

/**
 * /discard: a filter, its preview (count and the oldest items), then the discard with the count
 * typed back; below, the recent discards with their progress. The preview belongs to the
 * filter it was made for: changing the filter hides it until previewed again.
 */
export function DiscardPage() {
  useDocumentTitle(TEXTS.title);
  const services = useDiscardServices();
  const [draft, setDraft] = useState<FilterDraft>(EMPTY);
  const [ageError, setAgeError] = useState<string | undefined>();
  const [previewed, setPreviewed] = useState<{
    filter: DiscardFilterInput;
    preview: DiscardPreview;
  } | null>(null);
  const preview = usePreviewDiscard();
  const start = useStartDiscard();
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);

  const change = (next: Partial<FilterDraft>) => {
    setDraft((current) => ({ ...current, ...next }));
    setPreviewed(null);
  };

  const runPreview = () => {
    const made = filterOf(draft);
    if ('ageError' in made) {
      setAgeError(made.ageError);
      return;
    }
    setAgeError(undefined);
    preview.mutate(made.filter, {
      onSuccess: (answer) => setPreviewed({ filter: made.filter, preview: answer }),
    });
  };

  const serviceOptions = (services.data ?? []).map((service) => ({
    value: service.id,
    label: service.name,
  }));

  return (
    <div className="space-y-6">
      <h1 className="text-xl font-semibold">{TEXTS.title}</h1>
      <p className={clsx('max-w-3xl text-sm', muted)}>{TEXTS.intro}</p>

      <form
        noValidate
        aria-label={TEXTS.filter}
        className="panel space-y-4 p-5"
        onSubmit={(event) => {
          event.preventDefault();
          runPreview();
        }}
      >
        <h2 className="text-base font-semibold">{TEXTS.filter}</h2>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <SelectField<number>
            label={TEXTS.service}
            placeholder={TEXTS.allServices}
            options={serviceOptions}
            value={draft.service_id}
            onChange={(value) => change({ service_id: value })}
          />
          <TextField
            label={TEXTS.subscriber}
            hint={TEXTS.subscriberHint}
            autoComplete="off"
            value={draft.subscriber}
            onChange={(value) => change({ subscriber: value })}
          />
          <SelectField<DiscardStatus>
            label={TEXTS.status}
            options={DISCARD_STATUSES.map((status) => ({
              value: status,
              label: TEXTS.statuses[status],
            }))}
            value={draft.status}
            onChange={(value) => change({ status: value === '' ? 'any' : value })}
          />
          <div className="grid grid-cols-[minmax(0,1fr)_auto] gap-2">
            <TextField
              label={TEXTS.olderThan}
              hint={TEXTS.olderThanHint}
              inputMode="numeric"
              autoComplete="off"
              value={draft.age}
              error={ageError}
              onChange={(value) => change({ age: value })}
            />
            <SelectField<AgeUnit>
              label={TEXTS.ageUnit}
              options={(Object.keys(TEXTS.units) as AgeUnit[]).map((unit) => ({
                value: unit,
                label: TEXTS.units[unit],
              }))}
              value={draft.unit}
              onChange={(value) => change({ unit: value === '' ? 'hours' : value })}
            />
          </div>
          <SelectField<MessageType>
            label={TEXTS.messageType}
            placeholder={TEXTS.allTypes}
            options={MESSAGE_TYPES.map((type) => ({ value: type, label: TEXTS.types[type] }))}
            value={draft.message_type}
            onChange={(value) => change({ message_type: value })}
          />
        </div>
        <FormError message={preview.isError ? errorMessage(preview.error) : null} />
        <button type="submit" className="btn-primary" disabled={preview.isPending}>
          {preview.isPending ? TEXTS.previewing : TEXTS.preview}
        </button>
      </form>

      {previewed && (
        <PreviewPanel
          preview={previewed.preview}
          reason={reason}
          onReason={setReason}
          onDiscard={() => setConfirming(true)}
        />
      )}

      <ConfirmDiscardDialog
        count={confirming && previewed ? previewed.preview.count : null}
        busy={start.isPending}
        error={start.isError ? start.error : null}
        onCancel={() => {
          start.reset();
          setConfirming(false);
        }}
        onConfirm={(confirmation) => {
          if (!previewed) return;
          start.mutate(
            {
              filter: previewed.filter,
              max_content_id: previewed.preview.max_content_id,
              expected: previewed.preview.count,
              confirmation,
              reason,
            },
            {
              onSuccess: (job) => {
                notify.success(TEXTS.started(job.expected));
                setConfirming(false);
                setPreviewed(null);
                setReason('');
              },
            },
          );
        }}
      />

      <DiscardJobs />
    </div>
  );
}

const column = createColumnHelper<DiscardSample>();
/** The sample's columns; the id links to the content tool for those who may open it. */
const sampleColumns = (linkItems: boolean) => [
  column.accessor('id', {
    header: TEXTS.columns.item,
    cell: ({ getValue }) =>
      linkItems ? (
        <Link
          to="/content-tool"
          search={{ id: getValue() }}
          className="font-medium text-gold-800 underline dark:text-gold-300"
          aria-label={TEXTS.openItem(getValue())}
        >
          #{getValue()}
        </Link>
      ) : (
        `#${getValue()}`
      ),
    meta: { rowHeader: true },
  }),
  column.accessor('service_name', { header: TEXTS.columns.service }),
  column.accessor('subscriber_id', { header: TEXTS.columns.subscriber }),
  column.accessor('message_type', {
    header: TEXTS.columns.type,
    cell: ({ getValue }) => TEXTS.types[getValue()],
  }),
  column.accessor('status', {
    header: TEXTS.columns.status,
    cell: ({ row }) =>
      row.original.status === 'assigned' ? TEXTS.onScreenOf(row.original.holder) : TEXTS.waiting,
  }),
  column.accessor('arrived_at', {
    header: TEXTS.columns.arrived,
    cell: ({ getValue }) => formatArrivalTime(getValue()),
  }),
  column.accessor('preview', {
    header: TEXTS.columns.content,
    cell: ({ getValue }) => (
      <TruncatedText
        text={getValue()}
        cut={(text) => (text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS)}…` : text)}
      />
    ),
  }),
];

function PreviewPanel({
  preview,
  reason,
  onReason,
  onDiscard,
}: {
  preview: DiscardPreview;
  reason: string;
  onReason: (value: string) => void;
  onDiscard: () => void;
}) {
  const user = useCurrentUser();
  const columns = useMemo(
    () => sampleColumns(canOpen('/content-tool', user.permissions)),
    [user.permissions],
  );
  return (
    <section
      className="panel space-y-4 p-5"
      aria-labelledby="discard-preview-title"
      data-testid="discard-preview"
    >
      <div>
        <h2 id="discard-preview-title" className="text-base font-semibold">
          {TEXTS.previewTitle}
        </h2>
        <p className="mt-1 text-lg font-semibold" role="status" data-testid="discard-count">
          {preview.count === 0 ? TEXTS.nothingMatches : TEXTS.matches(preview.count)}
        </p>
        {preview.assigned > 0 && (
          <p className={clsx('text-sm', muted)}>{TEXTS.onScreens(preview.assigned)}</p>
        )}
        {preview.count > 0 && <p className={clsx('text-sm', muted)}>{TEXTS.newArrivals}</p>}
      </div>
      {preview.count > 0 && (
        <>
          <DataTable
            caption={TEXTS.sampleCaption}
            columns={columns}
            rows={preview.sample}
            getRowId={(row) => String(row.id)}
            density="compact"
            testId="discard-sample"
          />
          <div className="grid items-end gap-4 sm:grid-cols-[minmax(0,1fr)_auto]">
            <TextareaField
              label={TEXTS.reason}
              hint={TEXTS.reasonHint}
              rows={2}
              maxLength={500}
              value={reason}
              onChange={onReason}
            />
            <button
              type="button"
              className="btn bg-red-600 text-white hover:bg-red-500 active:bg-red-700"
              onClick={onDiscard}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              {TEXTS.discardButton(preview.count)}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
