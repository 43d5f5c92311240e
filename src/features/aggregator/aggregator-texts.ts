import { DELIVERY_STATS_WINDOW_HOURS, STUCK_AFTER_MINUTES } from '../../contract/delivery';

/** The words of /aggregator and of the dashboard's delivery notice, shared with the tests. */
export const AGGREGATOR_TEXTS = {
  title: 'Aggregators',
  intro: `Result delivery to each service's callback. Success rate and latency cover the last ${DELIVERY_STATS_WINDOW_HOURS} hours of attempts; "delivered today" counts from 00:00 UTC.`,
  tableTitle: 'Delivery by service',
  loading: 'Loading delivery by service',
  loadFailed: (message: string) => `Delivery figures could not be loaded: ${message}`,
  waitingForNetwork: 'Waiting for the network to load the delivery figures',
  empty: 'No services yet',
  columns: {
    service: 'Service',
    waiting: 'Waiting',
    failed: 'Failed',
    deliveredToday: 'Delivered today',
    window: `Last ${DELIVERY_STATS_WINDOW_HOURS} h`,
    lastError: 'Last error',
  },
  noCallback: 'no callback URL',
  inFlight: (count: number) => `${count} sending`,
  success: (rate: string) => `${rate} ok`,
  latency: (p50: string, p95: string) => `p50 ${p50} · p95 ${p95}`,
  attemptsInWindow: (count: number) =>
    `${count} ${count === 1 ? 'attempt' : 'attempts'} in the last ${DELIVERY_STATS_WINDOW_HOURS} hours`,
  state: {
    active: 'Active',
    paused: (by: string | null) => (by ? `Paused by ${by}` : 'Paused'),
    disabled: 'Disabled after 410',
  },
  noData: '–',
  actions: {
    deliveries: 'Deliveries',
    deliveriesLabel: (service: string) => `Failed and stuck deliveries of ${service}`,
    pause: 'Pause',
    pauseLabel: (service: string) => `Pause delivery to ${service}`,
    resume: 'Resume',
    resumeLabel: (service: string) => `Resume delivery to ${service}`,
    enable: 'Enable',
    enableLabel: (service: string) => `Enable delivery to ${service} again after 410 Gone`,
    redeliverFailed: (count: number) => `Redeliver ${count} failed`,
    redeliverFailedLabel: (service: string, count: number) =>
      `Redeliver the ${count} failed deliveries of ${service}`,
  },
  confirm: {
    pauseTitle: 'Pause delivery',
    pause: (service: string) =>
      `Stop sending results to ${service}? Decisions keep queueing and are sent, where they left off, once delivery is resumed.`,
    enableTitle: 'Enable delivery after 410',
    enable: (service: string) =>
      `${service}'s callback answered 410 Gone, asking us to stop. Send its waiting results again now?`,
    redeliverTitle: 'Redeliver failed deliveries',
    redeliver: (service: string, count: number) =>
      `Send the ${count} failed ${count === 1 ? 'delivery' : 'deliveries'} of ${service} again, each with a new round of attempts?`,
    busy: 'Working…',
  },
  done: {
    paused: (service: string) => `Delivery to ${service} paused`,
    resumed: (service: string) => `Delivery to ${service} resumed`,
    enabled: (service: string) => `Delivery to ${service} enabled`,
    redelivered: (count: number) =>
      `${count} ${count === 1 ? 'delivery' : 'deliveries'} queued again`,
    redeliveredOne: (contentId: number) => `Delivery of content ${contentId} queued again`,
  },
  problems: {
    title: (service: string) => `Deliveries needing attention: ${service}`,
    description: `Given up, retrying, or waiting for more than ${STUCK_AFTER_MINUTES} minutes; newest first, up to 100.`,
    close: 'Close',
    loading: 'Loading deliveries',
    empty: 'Nothing failed or stuck: every delivery went through or is on its way.',
    status: { failed: 'Given up', retrying: 'Retrying', stuck: 'Stuck' },
    heading: (contentId: number) => `Content ${contentId}`,
    attempts: (count: number) => `${count} ${count === 1 ? 'attempt' : 'attempts'}`,
    nextAttempt: (when: string) => `next attempt ${when}`,
    noAttempts: 'Not attempted yet.',
    redeliver: 'Redeliver',
    redeliverLabel: (contentId: number) => `Redeliver the result of content ${contentId}`,
    attemptColumns: ['#', 'When', 'Answer', 'Latency', 'Response'] as const,
    attemptsCaption: (contentId: number) => `Attempts of the delivery of content ${contentId}`,
  },
  dashboardNotice: (services: string) =>
    `Result delivery stopped: the callback of ${services} answered 410 Gone. Enable it again on Aggregators once the receiver is back.`,
  dashboardNoticeLink: 'Open Aggregators',
} as const;

/** '97.5 %', or the no-data dash. */
export function formatRate(rate: number | null): string {
  if (rate === null) return AGGREGATOR_TEXTS.noData;
  return `${(Math.round(rate * 1000) / 10).toLocaleString('en-US')} %`;
}

/** '120 ms', '1.4 s', or the no-data dash. */
export function formatLatency(ms: number | null): string {
  if (ms === null) return AGGREGATOR_TEXTS.noData;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(Math.round(ms / 100) / 10).toLocaleString('en-US')} s`;
}
