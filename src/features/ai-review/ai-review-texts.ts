import {
  DEFAULT_RANGE_DAYS,
  type AiAgreement,
  type AiContentState,
} from '../../contract/ai-review';

const count = (value: number) => value.toLocaleString('en-US');

/** The words of /ai-moderation and /aicontent, one place for components and tests. */
export const AI_MODERATION_TEXTS = {
  title: 'AI Moderation',
  intro:
    'What the AI suggested beside what operators decided. Agreement compares the whole tag set: the AI’s tags (SAFE meaning none) against the tags the operator applied.',
  agreementTitle: 'Agreement by service and tag',
  agreementIntro:
    'Per tag, over decided items with an AI answer: precision is how often a tag the AI suggested was applied by the operator; recall is how often a tag the operator applied was suggested by the AI. Counted per UTC day of arrival; items the AI decided alone are not counted.',
  agreementRange: (from: string, to: string) =>
    from === to ? `UTC day ${from}` : `UTC days ${from} to ${to}`,
  agreementEmpty: 'No decided item with an AI answer in this range',
  agreementLoading: 'Loading the agreement figures…',
  agreementFailed: (message: string) => `Could not load the agreement figures: ${message}`,
  resultsTitle: 'AI results',
  defaultRange: `Without dates: the last ${DEFAULT_RANGE_DAYS} days`,
  columns: {
    service: 'Service',
    tag: 'Tag',
    precision: 'Precision',
    recall: 'Recall',
    tp: 'Both',
    fp: 'AI only',
    fn: 'Operator only',
    tn: 'Neither',
    id: 'ID',
    arrival: 'Arrival',
    content: 'Content',
    aiTags: 'AI tags',
    response: 'Response',
    reasoning: 'Reasoning',
    decision: 'Decision',
    agreement: 'Agreement',
    decidedBy: 'Decided by',
  },
  columnHints: {
    tp: 'The AI suggested the tag and the operator applied it (true positive)',
    fp: 'The AI suggested the tag, the operator did not apply it (false positive)',
    fn: 'The operator applied the tag, the AI did not suggest it (false negative)',
    tn: 'Neither suggested nor applied (true negative)',
  },
  serviceSummary: (compared: number, agreed: number, aiAlone: number) =>
    `${count(compared)} compared · ${compared === 0 ? '—' : `${((agreed / compared) * 100).toFixed(1)} %`} whole-set agreement${aiAlone > 0 ? ` · ${count(aiAlone)} decided by AI alone` : ''}`,
  noFigure: '—',
  noFigureHint: 'Not defined: no item to divide by',
  safe: 'SAFE',
  safeHint: 'The AI found no tag',
  undecided: 'Undecided',
  decidedByAi: 'AI',
  none: 'No tag',
  agreement: {
    agree: 'Agree',
    disagree: 'Disagree',
    undecided: 'Undecided',
    ai_alone: 'AI decided alone',
  } satisfies Record<AiAgreement, string>,
  filters: {
    service: 'Service',
    allServices: 'All services',
    aiTag: 'AI tag',
    aiTagPlaceholder: 'AI tag (or SAFE)',
    agreement: 'Agreement',
    anyAgreement: 'Any agreement',
    response: 'Response time',
    anyResponse: 'Any response time',
  },
  responsePresets: [
    { label: 'Under 1 s', min: undefined, max: 999 },
    { label: '1 to 5 s', min: 1000, max: 5000 },
    { label: 'Over 5 s', min: 5001, max: undefined },
  ],
  responseCustom: (min: string | undefined, max: string | undefined) =>
    `${min ?? 0} to ${max ?? '∞'} ms`,
  ms: (value: number) => (value < 1000 ? `${value} ms` : `${(value / 1000).toFixed(2)} s`),
  empty: 'No AI results in this range',
  emptyFiltered: 'No AI results match the filter',
} as const;

export const AI_CONTENT_PAGE_TEXTS = {
  title: 'AI Content',
  intro:
    'Items on their way through the AI step: waiting to be asked, being asked, answered, or given up after the last attempt. The page refreshes itself.',
  cards: {
    waiting: 'Waiting',
    in_progress: 'In progress',
    answered: 'Answered',
    failed: 'Failed',
  } satisfies Record<AiContentState, string>,
  cardHints: {
    waiting: (retrying: number) =>
      retrying > 0 ? `${count(retrying)} waiting for a retry` : 'Not asked yet, or due again',
    in_progress: 'Being asked right now',
    answered: (minutes: number) => `In the last ${minutes === 60 ? 'hour' : `${minutes} min`}`,
    failed: 'Gave up, not decided: can be retried',
  },
  stateTabs: 'AI state',
  rate: 'Answers per minute',
  latency: 'Latency p50 / p95',
  calls: (calls: number, failures: number) =>
    `${count(calls)} calls, ${count(failures)} failed in the last hour`,
  chartTitle: 'Provider calls per 5 minutes, last hour',
  chartBar: (start: string, calls: number, failures: number, p95: string) =>
    `${start}: ${count(calls)} calls, ${count(failures)} failed, p95 ${p95}`,
  listTitle: (state: AiContentState) =>
    ({
      waiting: 'Waiting for the AI',
      in_progress: 'Being asked',
      answered: 'Answered',
      failed: 'Failed',
    })[state],
  columns: {
    id: 'ID',
    arrival: 'Arrival',
    service: 'Service',
    content: 'Content',
    attempts: 'Attempts',
    when: 'Next attempt',
    answer: 'Answer',
    error: 'Last error',
    status: 'Item',
  },
  whenAnswered: 'Answered',
  dueNow: 'Due now',
  leaseEnds: (time: string) => `Lease until ${time}`,
  retryAt: (time: string) => `Retry at ${time}`,
  itemStatus: { pending: 'In queue', assigned: 'With an operator', decided: 'Decided' },
  noAnswer: 'No AI Response',
  retry: 'Retry',
  retryLabel: (id: number) => `Retry the AI on item ${id}`,
  retryAll: (failed: number) => `Retry all failed (${count(failed)})`,
  retryTitle: 'Retry the AI',
  retryQuestion: (id: number) =>
    `Ask the AI again about item ${id}? Its attempts start again from zero.`,
  retryAllTitle: 'Retry every failed item',
  retryAllQuestion: (failed: number, service: string | undefined) =>
    `Ask the AI again about ${count(failed)} failed item${failed === 1 ? '' : 's'}${service ? ` of ${service}` : ''}? Decided items are left as they are.`,
  retrying: 'Retrying…',
  retriedAnswered: (id: number) => `Item ${id} was answered`,
  retriedQueued: (id: number) => `Item ${id} is queued for the AI again`,
  retriedAll: (n: number) => `${count(n)} item${n === 1 ? ' is' : 's are'} queued for the AI again`,
  summaryFailed: (message: string) => `Could not load the AI figures: ${message}`,
  empty: (state: AiContentState) =>
    ({
      waiting: 'Nothing waits for the AI',
      in_progress: 'Nothing is being asked right now',
      answered: 'No answer yet',
      failed: 'No failed item',
    })[state],
} as const;
