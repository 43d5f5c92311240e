import { MODERATION_TEXTS, type AdditionalDetails } from '../../../contract/content';
import { Dialog } from '../../../ui/lazy-dialog';

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value, null, 2);
}

function DetailsList({ details }: { details: Record<string, unknown> }) {
  const entries = Object.entries(details);
  if (entries.length === 0) return <p className="text-sm text-stone-500">No fields.</p>;
  return (
    <dl className="divide-y divide-stone-200 dark:divide-zinc-800">
      {entries.map(([key, value]) => (
        <div key={key} className="grid grid-cols-3 gap-3 py-2 text-sm">
          <dt className="break-words text-stone-500 dark:text-zinc-400">{key}</dt>
          <dd className="col-span-2 font-mono text-xs break-words whitespace-pre-wrap">
            {show(value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** 'Content Details / Additional Field': the item's content_additional_details (SPEC §2). */
export function DetailsDialog({
  open,
  onClose,
  contentId,
  details,
}: {
  open: boolean;
  onClose: () => void;
  contentId: number;
  details: AdditionalDetails | null;
}) {
  const groups = details === null ? [] : Array.isArray(details) ? details : [details];
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={MODERATION_TEXTS.detailsTitle}
      closeLabel="Close details"
      size="lg"
    >
      <div className="space-y-4 px-5 py-3">
        <p className="text-xs text-stone-500 dark:text-zinc-400">Item #{contentId}</p>
        {groups.length === 0 ? (
          <p className="text-sm text-stone-500 dark:text-zinc-400">
            No additional details for this item.
          </p>
        ) : (
          groups.map((group, index) => <DetailsList key={index} details={group} />)
        )}
      </div>
    </Dialog>
  );
}
