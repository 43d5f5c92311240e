import clsx from 'clsx';
import { Bot, Info, Send } from 'lucide-react';
import { forwardRef, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { MODERATION_TEXTS } from '../../../contract/content';
import { formatArrivalTime } from '../../../lib/dates';
import {
  aiSuggestion,
  canSubmitItem,
  formatResponseTime,
  previewReasoning,
  type ModerationItem,
} from '../moderation-rules';
import { SlaTimer } from '../sla/sla-timer';
import { ProtectedMedia } from '../../wellbeing/components/protected-media';
import { ContentViewer } from './content-viewer';
import { DetailsDialog } from './details-dialog';
import { MediaDialog } from './media-dialog';
import { TagChips } from './tag-chips';

const TYPE_LABELS = {
  image: 'Photo',
  video: 'Video',
  audio: 'Audio',
  text: 'Text',
  other: 'Other',
} as const;

function Field({ label, value, wide }: { label: string; value: string; wide?: boolean }) {
  return (
    <div className={clsx('min-w-0', wide && 'col-span-2')}>
      <dt className="text-[11px] tracking-wide text-stone-500 uppercase dark:text-zinc-400">
        {label}
      </dt>
      <dd className="truncate text-sm" title={value}>
        {value || '-'}
      </dd>
    </div>
  );
}

function AiPanel({ item }: { item: ModerationItem }) {
  const [expanded, setExpanded] = useState(false);
  const suggestion = aiSuggestion(item.ai_moderated_status);
  const reasoning = previewReasoning(item.ai_other_details?.reasoning, expanded);
  const hasMore = (item.ai_other_details?.reasoning ?? '').trim().length > 50;
  return (
    <section
      aria-label="AI suggestions"
      className="rounded-md border border-stone-200 bg-stone-50 px-3 py-2 text-xs dark:border-zinc-800 dark:bg-zinc-950/60"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="inline-flex items-center gap-1 font-semibold text-stone-600 dark:text-zinc-300">
          <Bot aria-hidden="true" className="size-3.5" />
          AI
        </span>
        {suggestion.kind === 'none' && (
          <span className="text-stone-500 dark:text-zinc-400">{MODERATION_TEXTS.noAiResponse}</span>
        )}
        {suggestion.kind === 'empty' && (
          <span className="text-stone-500 dark:text-zinc-400">{MODERATION_TEXTS.noTags}</span>
        )}
        {suggestion.kind === 'safe' && (
          <span className="rounded bg-emerald-100 px-1.5 py-0.5 font-medium text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-300">
            Safe · no tags suggested
          </span>
        )}
        {suggestion.kind === 'tags' &&
          suggestion.labels.map((label) => (
            <span
              key={label}
              className="rounded bg-amber-100 px-1.5 py-0.5 font-medium text-amber-900 dark:bg-amber-900/40 dark:text-amber-200"
            >
              {label}
            </span>
          ))}
        {item.ai_response_time !== null && (
          <span
            className="ml-auto text-stone-500 tabular-nums dark:text-zinc-400"
            title="AI response time"
          >
            <span className="sr-only">Response time: </span>
            {formatResponseTime(item.ai_response_time)}
          </span>
        )}
      </div>
      <p className="mt-1 text-stone-600 dark:text-zinc-300">
        {reasoning.text}{' '}
        {hasMore && (
          <button
            type="button"
            onClick={() => setExpanded((value) => !value)}
            aria-expanded={expanded}
            className="font-medium text-gold-700 hover:underline dark:text-gold-300"
          >
            {expanded ? MODERATION_TEXTS.showLess : MODERATION_TEXTS.showMore}
          </button>
        )}
      </p>
    </section>
  );
}

export interface ContentCardProps {
  item: ModerationItem;
  /** Null: media playback is not logged (sample content outside the queue). */
  userId: number | null;
  batch: boolean;
  /** A submit of this card (or the batch) is in flight. */
  submitting: boolean;
  active: boolean;
  onActivate: () => void;
  onToggleTag: (name: string) => void;
  onCustomTag: (value: string | null) => void;
  onSubmit: () => void;
  onLoaded: () => void;
  onCardKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
  /** Shown under the media: a channel view's context of the item (a chat, a transcript...). */
  context?: ReactNode;
}

/**
 * One assigned item (SPEC §2): media, details, AI suggestions, tag chips and, in single mode,
 * its own Submit. Submit follows SPEC §5: disabled while submitting, or when the item needs a
 * tag (submit_without_tags 'no') and none is chosen; 'Tags:' then carries an asterisk.
 */
export const ContentCard = forwardRef<HTMLElement, ContentCardProps>(function ContentCard(
  {
    item,
    userId,
    batch,
    submitting,
    active,
    onActivate,
    onToggleTag,
    onCustomTag,
    onSubmit,
    onLoaded,
    onCardKeyDown,
    context,
  },
  ref,
) {
  const [detailsOpen, setDetailsOpen] = useState(false);
  const [enlarged, setEnlarged] = useState(false);
  const [startAt, setStartAt] = useState(0);
  const [startMuted, setStartMuted] = useState<boolean | undefined>(undefined);
  const video = useRef<HTMLVideoElement | null>(null);
  const tagsRequired = item.submit_without_tags === 'no';
  const submittable = canSubmitItem(item, submitting);
  const headingId = `card-${item.id}-heading`;

  function enlarge() {
    // The enlarged player picks up where the card's player stood, and the card's one pauses.
    setStartAt(video.current?.currentTime ?? 0);
    setStartMuted(video.current?.muted);
    video.current?.pause();
    setEnlarged(true);
  }

  return (
    // The cards are the items of a list the operator walks with the keyboard (↑↓, j/k, Enter):
    // each card takes focus and its keys, as the articles of an ARIA feed do. An article has no
    // interactive role to give it, and a button or row role would hide its content's structure.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <article
      ref={ref}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- see the comment above
      tabIndex={0}
      aria-labelledby={headingId}
      data-card-id={item.id}
      data-active={active || undefined}
      onFocus={onActivate}
      onKeyDown={onCardKeyDown}
      className={clsx(
        'panel flex min-w-0 flex-col overflow-hidden transition-shadow focus:outline-none',
        active
          ? 'ring-2 ring-gold-500/70 dark:ring-gold-400/70'
          : 'focus-visible:ring-2 focus-visible:ring-gold-500',
      )}
    >
      <header className="flex items-center gap-2 border-b border-stone-200 px-3 py-2 dark:border-zinc-800">
        <span className="rounded bg-stone-200 px-1.5 py-0.5 text-[11px] font-semibold tracking-wide text-stone-700 uppercase dark:bg-zinc-800 dark:text-zinc-300">
          {TYPE_LABELS[item.message_type]}
        </span>
        <h2
          id={headingId}
          className="min-w-0 truncate text-sm font-semibold"
          title={`#${item.id} · ${item.service}`}
        >
          #{item.id} · {item.service}
        </h2>
        {item.sla_minutes !== undefined && (
          <SlaTimer boundTime={item.bound_time} slaMinutes={item.sla_minutes} />
        )}
        <button
          type="button"
          onClick={() => setDetailsOpen(true)}
          className="btn-ghost ml-auto p-1"
          aria-label={`Content details of item ${item.id}`}
          title={MODERATION_TEXTS.detailsTitle}
        >
          <Info aria-hidden="true" className="size-4" />
        </button>
      </header>

      <div className="h-56 border-b border-stone-200 bg-stone-100 sm:h-64 dark:border-zinc-800 dark:bg-zinc-950">
        <ProtectedMedia item={item}>
          {(shown) => (
            <ContentViewer
              item={shown}
              userId={userId}
              autoLoad={batch}
              onLoaded={onLoaded}
              onEnlarge={enlarge}
              videoRef={video}
            />
          )}
        </ProtectedMedia>
      </div>
      {context}

      <div className="flex flex-1 flex-col gap-3 p-3">
        {/* The arrival time takes a whole row: half a narrow card (a tablet's) cut its AM/PM. */}
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1.5">
          <Field label="Service" value={item.service} />
          <Field label="Subscriber" value={item.subscriber} />
          <Field label="Username" value={item.username} />
          <Field label="User id" value={item.user_id} />
          <div className="col-span-2 min-w-0">
            <dt className="text-[11px] tracking-wide text-stone-500 uppercase dark:text-zinc-400">
              Arrived (UTC)
            </dt>
            <dd className="text-sm whitespace-nowrap tabular-nums">
              <time dateTime={item.bound_time}>{formatArrivalTime(item.bound_time)}</time>
            </dd>
          </div>
          <Field label="Notes" value={item.notes ?? ''} />
        </dl>

        <AiPanel item={item} />

        <div>
          <p className="mb-1.5 text-xs font-semibold text-stone-600 dark:text-zinc-300">
            {MODERATION_TEXTS.tagsLabel}
            {tagsRequired && (
              <span
                className="ml-0.5 text-red-600 dark:text-red-400"
                title="At least one tag is required"
              >
                *
              </span>
            )}
            {tagsRequired && <span className="sr-only"> (at least one tag required)</span>}
          </p>
          <TagChips
            tags={item.tags}
            customTag={item.customTag}
            dynamicTags={item.enable_dynamic_tags === 'yes'}
            onToggle={onToggleTag}
            onCustomTag={onCustomTag}
          />
        </div>

        {item.submitError && (
          <p role="status" className="text-xs text-red-600 dark:text-red-400">
            {item.submitError}
          </p>
        )}

        {!batch && (
          <div className="mt-auto flex justify-end pt-1">
            <button
              type="button"
              className="btn-primary"
              disabled={!submittable}
              onClick={onSubmit}
              aria-label={`Submit item ${item.id}`}
            >
              <Send aria-hidden="true" className="size-4" />
              Submit
            </button>
          </div>
        )}
      </div>

      <DetailsDialog
        open={detailsOpen}
        onClose={() => setDetailsOpen(false)}
        contentId={item.id}
        details={item.content_additional_details}
      />
      {enlarged && (
        <MediaDialog
          item={item}
          userId={userId}
          open={enlarged}
          startAt={startAt}
          muted={startMuted}
          onClose={() => setEnlarged(false)}
        />
      )}
    </article>
  );
});
