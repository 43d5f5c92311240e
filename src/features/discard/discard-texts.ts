import type { DiscardFilter, DiscardJob, DiscardStatus } from '../../contract/discard';

/** Texts of /discard. */
export const DISCARD_UI_TEXTS = {
  title: 'Content Discarding',
  intro:
    'Take every waiting or leased item a filter matches out of the queues at once: operators holding one see it disappear, and each item’s service is sent a content.discarded webhook. Preview first; nothing changes until you confirm with the number of items.',
  filter: 'Filter',
  service: 'Service',
  allServices: 'All services',
  subscriber: 'Subscriber id',
  subscriberHint: 'As the service sent it, exactly.',
  status: 'Status',
  statuses: {
    any: 'Waiting or on a screen',
    pending: 'Waiting in the queue',
    assigned: 'On an operator’s screen',
  } satisfies Record<DiscardStatus, string>,
  olderThan: 'Older than',
  olderThanHint: 'Arrived at least this long ago. Empty: any age.',
  ageUnit: 'Unit',
  units: { minutes: 'minutes', hours: 'hours', days: 'days' },
  messageType: 'Type',
  allTypes: 'All types',
  types: { text: 'Text', image: 'Photo', video: 'Video', audio: 'Audio', other: 'Other' },
  preview: 'Preview',
  previewing: 'Counting…',
  previewTitle: 'Preview',
  matches: (count: number) =>
    `${count.toLocaleString('en-US')} item${count === 1 ? '' : 's'} match${count === 1 ? 'es' : ''} the filter`,
  onScreens: (count: number) =>
    `${count.toLocaleString('en-US')} of them ${count === 1 ? 'is' : 'are'} on an operator’s screen now.`,
  nothingMatches: 'Nothing matches this filter: there is nothing to discard.',
  sampleCaption: 'The oldest matching items',
  staleFilter: 'The filter changed since this preview: preview again before discarding.',
  newArrivals: 'Items that arrive after this preview are not discarded.',
  reason: 'Reason (optional)',
  reasonHint: 'Kept in the audit log, on each item’s timeline and sent in the webhook.',
  discardButton: (count: number) => `Discard ${count.toLocaleString('en-US')} items…`,
  confirmTitle: 'Discard these items?',
  confirmDescription: (count: number) =>
    `${count.toLocaleString('en-US')} items leave every queue for good and their services are told. This cannot be undone (a single item can be requeued from the content tool).`,
  confirmLabel: (count: number) => `Type ${count} to confirm`,
  confirmHint: 'The number of items, as shown above.',
  confirm: 'Discard',
  confirming: 'Starting…',
  started: (count: number) => `Discarding ${count.toLocaleString('en-US')} items…`,
  columns: {
    item: 'Item',
    service: 'Service',
    subscriber: 'Subscriber',
    type: 'Type',
    status: 'Status',
    arrived: 'Arrived (UTC)',
    content: 'Content',
  },
  waiting: 'Waiting',
  onScreenOf: (name: string | null) => `On ${name ?? 'an operator'}’s screen`,
  openItem: (id: number) => `Open item ${id} in the content tool`,
  jobs: 'Recent discards',
  noJobs: 'No bulk discard yet.',
  loadFailed: 'Could not load the recent discards:',
  retry: 'Retry',
  jobTitle: (job: DiscardJob) => `#${job.id} by ${job.created_by}`,
  jobState: {
    running: 'Running',
    done: 'Done',
    cancelled: 'Stopped',
    failed: 'Failed',
  } satisfies Record<DiscardJob['status'], string>,
  progress: (job: DiscardJob) =>
    `${job.discarded.toLocaleString('en-US')} of ${job.expected.toLocaleString('en-US')} discarded`,
  withdrawn: (count: number) => `${count.toLocaleString('en-US')} taken from operators’ screens`,
  stop: 'Stop',
  stopTitle: (id: number) => `Stop discard #${id}?`,
  stopDescription: 'It stops after the batch in progress; what it discarded stays discarded.',
  stopped: (id: number) => `Discard #${id} stopped.`,
  stopping: 'Stopping…',
} as const;

export type AgeUnit = keyof typeof DISCARD_UI_TEXTS.units;
export const AGE_UNIT_MINUTES: Record<AgeUnit, number> = { minutes: 1, hours: 60, days: 1440 };

/** A filter in words, for the jobs list. */
export function describeFilter(filter: DiscardFilter, serviceName: string | null): string {
  const parts = [serviceName ?? DISCARD_UI_TEXTS.allServices];
  if (filter.subscriber) parts.push(`subscriber ${filter.subscriber}`);
  parts.push(DISCARD_UI_TEXTS.statuses[filter.status].toLowerCase());
  if (filter.older_than_minutes !== undefined) {
    const minutes = filter.older_than_minutes;
    parts.push(
      minutes % 1440 === 0
        ? `older than ${minutes / 1440} days`
        : minutes % 60 === 0
          ? `older than ${minutes / 60} hours`
          : `older than ${minutes} minutes`,
    );
  }
  if (filter.message_type) parts.push(DISCARD_UI_TEXTS.types[filter.message_type].toLowerCase());
  return parts.join(' · ');
}
