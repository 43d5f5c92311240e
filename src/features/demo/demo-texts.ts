import type { Agreement } from '../../contract/demo';

/** The words of the demo sandbox, shared by /trial-page and the public trial pages. */
export const SANDBOX_TEXTS = {
  demoTitle: 'Demo Moderation',
  demoBanner: 'DEMO MODERATION',
  demoNote:
    'Sample content in a private sandbox: your decisions are compared with a reference result, stay here and are never delivered to a service.',
  progress: (reviewed: number, total: number) => `Reviewed ${reviewed} of ${total}`,
  counts: (matched: number, partial: number, differed: number) =>
    `${matched} match · ${partial} partly · ${differed} differ`,
  aiScore: (matched: number, answered: number) =>
    answered === 0 ? 'AI: nothing to compare yet' : `AI right on ${matched} of ${answered}`,
  reset: 'Start over',
  resetting: 'Starting over…',
  resetTitle: 'Start over?',
  resetText: (reviewed: number) =>
    `Your ${reviewed} ${reviewed === 1 ? 'decision is' : 'decisions are'} cleared and every sample comes back.`,
  resetDone: 'The sandbox starts over.',
  loading: 'Loading the sample content…',
  loadFailed: (message: string) => `The samples could not be loaded: ${message}`,
  retry: 'Retry',
  complete: (matched: number, total: number, aiMatched: number, aiAnswered: number) =>
    `You reviewed every sample and matched the reference on ${matched} of ${total}. The AI alone got ${aiMatched} of ${aiAnswered} right: that difference is why people review.`,
  verdictRegion: 'Comparison with the reference',
  yourDecision: 'Your decision',
  reference: 'Reference result',
  aiSuggested: 'AI suggested',
  noTags: 'No tags (nothing to act on)',
  noAi: 'No AI answer',
  customTag: (tag: string) => `Custom tag: ${tag}`,
  missed: 'You left out',
  extra: 'Not in the reference',
  why: 'Why',
  sampleCaption: (title: string) => title,
  submitFailed: (message: string) => `Not submitted: ${message}`,
  announce: (title: string, agreement: Agreement) =>
    `${title}: ${AGREEMENT_LABELS[agreement].toLowerCase()}.`,
} as const;

export const AGREEMENT_LABELS: Record<Agreement, string> = {
  match: 'Matches the reference',
  partial: 'Partly matches',
  differ: 'Differs from the reference',
};

export const AI_AGREEMENT_LABELS: Record<Agreement, string> = {
  match: 'AI right',
  partial: 'AI partly right',
  differ: 'AI wrong',
};
