import { useQuery } from '@tanstack/react-query';
import { Link, getRouteApi } from '@tanstack/react-router';
import { CloudOff, Send } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { SampleItem, SampleSetSummary } from '../../../contract/demo';
import type { DashboardStat } from '../../../contract/socket-events';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { StatCards } from '../../dashboard/components/stat-cards';
import { NO_SELECTION, toModerationItem, toggleTag } from '../../demo/sandbox-items';
import { ContentCard } from '../../moderation/components/content-card';
import { SHORTCUTS } from '../../moderation/components/shortcuts-dialog';
import { trialBrandQuery } from '../../trials/api/trial-queries';
import { PublicFrame } from '../../trials/components/public-frame';
import { SignupForm } from '../../trials/components/signup-form';
import { TOUR_TEXTS as TEXTS } from '../tour-texts';

const TOUR_SET: SampleSetSummary = {
  id: 'tour',
  title: 'Community app',
  description: '',
  tags: [
    { name: 'spam', label: 'Spam' },
    { name: 'harassment', label: 'Harassment' },
    { name: 'hate_speech', label: 'Hate Speech' },
    { name: 'violence', label: 'Violence' },
    { name: 'self_harm', label: 'Self Harm' },
    { name: 'scam', label: 'Scam' },
  ],
  size: 1,
};

const TOUR_SAMPLE: SampleItem = {
  id: 48213,
  title: 'Reply under a post',
  message_type: 'text',
  content:
    'Your account will be closed today. Verify your password here to keep it: account-check.example/login',
  subscriber: 'Comments',
  subscriber_id: 'comments',
  user_id: 'u-77120',
  username: 'support_team_official',
  notes: 'Reported by 6 members',
  age_minutes: 4,
  details: { channel: 'comments', reports: 6, account_age_days: 1 },
  ai: {
    tags: ['scam'],
    response_time: 0.42,
    reasoning:
      'Claims to be staff, threatens to close the account and asks for a password on an outside site: a phishing attempt.',
  },
};

/** Figures for the stat cards: what a busy morning of a mid-sized team looks like. */
const SAMPLE_STAT: DashboardStat = {
  total: 0,
  data: [],
  total_pending: 1284,
  pending: 1163,
  assigned: 121,
  handled: 18_452,
  moderating: 23,
  serviceStats: [],
  operatorStats: [],
};

/** What an agreement table of a week looks like (sample figures). */
const AGREEMENT_SAMPLE = [
  { tag: 'Spam', precision: 0.96, recall: 0.91, decisions: 4_812 },
  { tag: 'Scam', precision: 0.9, recall: 0.84, decisions: 1_207 },
  { tag: 'Harassment', precision: 0.82, recall: 0.74, decisions: 2_366 },
  { tag: 'Hate Speech', precision: 0.88, recall: 0.69, decisions: 958 },
  { tag: 'Self Harm', precision: 0.79, recall: 0.93, decisions: 214 },
];

const percentFormat = new Intl.NumberFormat('en-US', { style: 'percent' });
const countFormat = new Intl.NumberFormat('en-US');

function AgreementSample() {
  const columns = TEXTS.sections.ai.columns;
  return (
    <div className="panel overflow-x-auto p-4">
      <table className="w-full text-sm">
        <caption className="pb-2 text-left text-sm font-semibold">
          {TEXTS.sections.ai.tableCaption}
        </caption>
        <thead>
          <tr className="border-b border-stone-200 text-left text-xs text-stone-600 dark:border-zinc-800 dark:text-zinc-400">
            <th scope="col" className="py-1.5 pr-3 font-medium">
              {columns.tag}
            </th>
            <th scope="col" className="py-1.5 pr-3 text-right font-medium">
              {columns.precision}
            </th>
            <th scope="col" className="py-1.5 pr-3 text-right font-medium">
              {columns.recall}
            </th>
            <th scope="col" className="py-1.5 text-right font-medium">
              {columns.decisions}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100 tabular-nums dark:divide-zinc-800">
          {AGREEMENT_SAMPLE.map((row) => (
            <tr key={row.tag}>
              <th scope="row" className="py-1.5 pr-3 text-left font-normal">
                {row.tag}
              </th>
              <td className="py-1.5 pr-3 text-right">{percentFormat.format(row.precision)}</td>
              <td className="py-1.5 pr-3 text-right">{percentFormat.format(row.recall)}</td>
              <td className="py-1.5 text-right">{countFormat.format(row.decisions)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-2 text-xs text-stone-600 dark:text-zinc-400">
        {TEXTS.sections.ai.tableNote}
      </p>
    </div>
  );
}

/** The moderation screen's shortcuts, from the same list its help dialog shows. */
function ShortcutList() {
  return (
    <div className="panel p-4">
      <h3 className="text-sm font-semibold">{TEXTS.sections.app.shortcuts}</h3>
      <dl className="mt-3 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm">
        {SHORTCUTS.map((shortcut) => (
          <div key={shortcut.action} className="contents">
            <dt className="flex gap-1">
              {shortcut.keys.map((key) => (
                <kbd
                  key={key}
                  className="rounded border border-stone-300 bg-stone-50 px-1.5 py-0.5 font-mono text-xs dark:border-zinc-700 dark:bg-zinc-800"
                >
                  {key}
                </kbd>
              ))}
            </dt>
            <dd className="text-stone-700 dark:text-zinc-300">{shortcut.action}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function Section({
  id,
  title,
  body,
  points,
  children,
}: {
  id: string;
  title: string;
  body: string;
  points?: readonly string[];
  children?: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="grid scroll-mt-6 gap-6 border-t border-stone-200 py-10 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] dark:border-zinc-800"
    >
      <div>
        <h2 id={`${id}-title`} className="text-xl font-semibold text-balance">
          {title}
        </h2>
        <p className="mt-3 text-stone-700 dark:text-zinc-300">{body}</p>
        {points && (
          <ul className="mt-4 list-disc space-y-1.5 pl-5 text-sm text-stone-700 dark:text-zinc-300">
            {points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        )}
      </div>
      {children && <div className="min-w-0">{children}</div>}
    </section>
  );
}

/** A code sample; a scrolling region the keyboard can scroll too. */
function CodeBlock({ label, children }: { label: string; children: string }) {
  return (
    <pre
      role="region"
      tabIndex={0}
      aria-label={label}
      className="max-h-80 overflow-auto rounded-md bg-zinc-950 p-3 text-xs leading-relaxed text-zinc-100"
    >
      {children}
    </pre>
  );
}

function webhookBody(tags: readonly string[], custom: string | null): string {
  const status: Record<string, 0 | 1 | string> = {};
  for (const tag of TOUR_SET.tags) status[tag.name] = tags.includes(tag.name) ? 1 : 0;
  if (custom) status.additional = custom;
  return JSON.stringify(
    {
      type: 'content.moderated',
      timestamp: '2026-03-02T09:41:07.512Z',
      data: {
        content_id: TOUR_SAMPLE.id,
        service: 'community-app',
        subscriber_id: TOUR_SAMPLE.subscriber_id,
        user_id: TOUR_SAMPLE.user_id,
        message_type: 'text',
        moderated_status: status,
        moderated_by: 'olive',
        decided_at: '2026-03-02T09:41:07.512Z',
        bound_time: '2026-03-02T09:37:02.000Z',
      },
    },
    null,
    2,
  );
}

/** The live card of the tour: a real ContentCard on one sample, submitted to nowhere. */
function LiveCard() {
  const [selection, setSelection] = useState(NO_SELECTION);
  const [sent, setSent] = useState(false);
  const [openedAt] = useState(() => new Date());
  if (sent) {
    return (
      <div className="panel space-y-3 p-4" role="status">
        <p className="flex items-center gap-2 text-sm font-medium">
          <Send aria-hidden="true" className="size-4 text-gold-700 dark:text-gold-400" />
          {TEXTS.sections.card.sent}
        </p>
        <CodeBlock label={TEXTS.sections.card.bodyLabel}>
          {webhookBody(selection.tags, selection.customTag)}
        </CodeBlock>
        <button
          type="button"
          className="btn-secondary py-1.5"
          onClick={() => {
            setSelection(NO_SELECTION);
            setSent(false);
          }}
        >
          {TEXTS.sections.card.again}
        </button>
      </div>
    );
  }
  const item = toModerationItem(TOUR_SAMPLE, TOUR_SET, {
    serviceName: 'Community app',
    origin: window.location.origin,
    now: openedAt,
    selection,
  });
  return (
    <div className="space-y-2">
      <p className="text-sm text-stone-600 dark:text-zinc-400">{TEXTS.sections.card.tryIt}</p>
      <ContentCard
        item={item}
        userId={null}
        batch={false}
        submitting={false}
        active
        onActivate={() => undefined}
        onToggleTag={(name) => setSelection((current) => toggleTag(current, name))}
        onCustomTag={(value) => setSelection((current) => ({ ...current, customTag: value }))}
        onSubmit={() => setSent(true)}
        onLoaded={() => undefined}
        onCardKeyDown={(event) => {
          const index = Number(event.key) - 1;
          const tag = TOUR_SET.tags[index];
          if (tag && event.target === event.currentTarget) {
            event.preventDefault();
            setSelection((current) => toggleTag(current, tag.name));
          }
        }}
      />
    </div>
  );
}

/**
 * /demo-v2: the product tour. A walk through what the console does, for prospects, with live
 * pieces of the console itself (a moderation card, the dashboard's counts) rather than pictures
 * of them. `brandSlug`: the trial the visitor came from, for the way back and the contact form.
 */
export function ProductTourPage({ brandSlug }: { brandSlug: string | undefined }) {
  useDocumentTitle(TEXTS.docTitle);
  const brand = useQuery({ ...trialBrandQuery(brandSlug ?? ''), enabled: Boolean(brandSlug) });
  const sections = TEXTS.sections;
  return (
    <PublicFrame brand={brand.data} current="tour">
      <header className="max-w-3xl space-y-4 pb-10">
        <p className="text-sm font-semibold tracking-wide text-gold-800 uppercase dark:text-gold-400">
          {TEXTS.eyebrow}
        </p>
        <h1 className="text-3xl font-semibold text-balance sm:text-4xl">{TEXTS.title}</h1>
        <p className="text-lg text-stone-700 dark:text-zinc-300">{TEXTS.lead}</p>
        <div className="flex flex-wrap gap-3 pt-2">
          {brand.data && (
            <>
              <Link to="/trial/$brand" params={{ brand: brand.data.slug }} className="btn-primary">
                {TEXTS.tryBrand(brand.data.name)}
              </Link>
              <Link
                to="/trial/$brand/text"
                params={{ brand: brand.data.slug }}
                className="btn-secondary"
              >
                {TEXTS.checkText}
              </Link>
            </>
          )}
          <a href="#signup" className={brand.data ? 'btn-secondary' : 'btn-primary'}>
            {TEXTS.contact}
          </a>
        </div>
      </header>

      <Section
        id="card"
        title={sections.card.title}
        body={sections.card.body}
        points={sections.card.points}
      >
        <LiveCard />
      </Section>

      <Section
        id="ai"
        title={sections.ai.title}
        body={sections.ai.body}
        points={sections.ai.points}
      >
        <AgreementSample />
      </Section>

      <Section
        id="offline"
        title={sections.offline.title}
        body={sections.offline.body}
        points={sections.offline.points}
      >
        <div className="panel flex items-center gap-3 p-4">
          <CloudOff
            aria-hidden="true"
            className="size-6 shrink-0 text-gold-700 dark:text-gold-400"
          />
          <div>
            <p className="font-semibold">{sections.offline.waiting}</p>
            <p className="text-sm text-stone-600 dark:text-zinc-400">
              {sections.offline.waitingNote}
            </p>
          </div>
        </div>
      </Section>

      <Section id="delivery" title={sections.delivery.title} body={sections.delivery.body}>
        <CodeBlock label={TEXTS.sections.delivery.requestLabel}>
          {`POST https://api.your-service.example/moderation
webhook-id: msg_2uQ8mYQ1x0cRkN6v
webhook-timestamp: 1772444467
webhook-signature: v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=

${webhookBody(['scam'], null)}`}
        </CodeBlock>
      </Section>

      <Section
        id="operations"
        title={sections.operations.title}
        body={sections.operations.body}
        points={sections.operations.points}
      >
        <div className="@container space-y-2">
          <p className="text-sm text-stone-600 dark:text-zinc-400">{sections.operations.sample}</p>
          <StatCards stat={SAMPLE_STAT} paused={false} />
        </div>
      </Section>

      <Section id="app" title={sections.app.title} body={sections.app.body}>
        <ShortcutList />
      </Section>

      <div id="signup" className="scroll-mt-6 border-t border-stone-200 pt-10 dark:border-zinc-800">
        <SignupForm brand={brand.data ?? null} />
      </div>
    </PublicFrame>
  );
}

const tourRoute = getRouteApi('/demo-v2');

export function ProductTourRoute() {
  const { brand } = tourRoute.useSearch();
  return <ProductTourPage brandSlug={brand} />;
}
