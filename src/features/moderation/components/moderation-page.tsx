import clsx from 'clsx';
import {
  AlertTriangle,
  EyeOff,
  Keyboard,
  Layers,
  Loader2,
  Pause,
  Send,
  SquareStack,
} from 'lucide-react';
import {
  Suspense,
  lazy,
  memo,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent as ReactKeyboardEvent,
} from 'react';
import { MODERATION_TEXTS } from '../../../contract/content';
import { WELLBEING_TEXTS } from '../../../contract/wellbeing';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { PARK_RESUME_LOCK_MS, useClickLock } from '../../../lib/use-click-lock';
import { recordModeratedTime } from '../api/moderation-calls';
import { logFailure } from '../log-failure';
import { keyCommand } from '../moderation-keys';
import {
  canSubmitBatch,
  canSubmitItem,
  filterItems,
  type ContentFilter,
  type ModerationItem,
} from '../moderation-rules';
import { useModerationSession } from '../moderation-session';
import { useMediaPrefetch } from '../prefetch/media-prefetch';
import { useCardFocus } from '../use-card-focus';
import { useSubmitItems } from '../use-submit-items';
import type { Channel } from '../../../contract/channels';
import { ChannelContextPanel } from '../../channels/components/channel-context-panel';
import { ChannelHeading } from '../../channels/components/channel-heading';
import { useChannelScope } from '../../channels/use-channel-scope';
import { BreakReminder } from '../../wellbeing/components/break-reminder';
import { useRevealHotkey } from '../../wellbeing/use-reveal-hotkey';
import { MODERATION_PAGE_TEXTS } from '../moderation-page-texts';
import { ContentCard } from './content-card';
import { SHORTCUT_HINT, SHORTCUT_HINT_BATCH, ShortcutsDialog } from './shortcuts-dialog';

/** The wellbeing choices' form loads with its first opening, not with the operator's screen. */
const WellbeingDialog = lazy(async () => ({
  default: (await import('../../wellbeing/components/wellbeing-dialog')).WellbeingDialog,
}));

function isInDialog(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('[role="dialog"]') !== null;
}

function Filters({
  value,
  items,
  onChange,
}: {
  value: ContentFilter;
  items: readonly ModerationItem[];
  onChange: (filter: ContentFilter) => void;
}) {
  return (
    <div role="group" aria-label="Filter by type" className="inline-flex rounded-md shadow-sm">
      {MODERATION_TEXTS.filters.map((filter, index) => {
        const count = filterItems(items, filter).length;
        const selected = filter === value;
        return (
          <button
            key={filter}
            type="button"
            aria-pressed={selected}
            onClick={() => onChange(filter)}
            className={clsx(
              'relative inline-flex items-center gap-1.5 border px-3 py-1.5 text-sm font-medium focus-visible:z-10',
              index === 0 && 'rounded-l-md',
              index === MODERATION_TEXTS.filters.length - 1 && 'rounded-r-md',
              index > 0 && '-ml-px',
              selected
                ? 'z-[1] border-gold-500 bg-gold-500 text-zinc-950'
                : 'border-stone-300 bg-white text-stone-700 hover:bg-stone-50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200 dark:hover:bg-zinc-800',
            )}
          >
            {filter}
            <span
              className={clsx(
                'rounded-full px-1.5 text-[11px] tabular-nums',
                selected ? 'bg-black/10' : 'bg-stone-100 dark:bg-zinc-800',
              )}
            >
              {count}
            </span>
          </button>
        );
      })}
    </div>
  );
}

/** What a held card does, the same functions for every card and every render. */
interface HeldCardActions {
  register: (id: number, element: HTMLElement | null) => void;
  activate: (id: number) => void;
  toggleTag: (id: number, name: string) => void;
  customTag: (id: number, value: string | null) => void;
  submit: (item: ModerationItem) => void;
  loaded: (id: number) => void;
  cardKeyDown: (event: ReactKeyboardEvent<HTMLElement>) => void;
}

/**
 * One held item's card. Memoised: a submit re-renders the screen, and only the cards whose item
 * or state changed render again, so the next card shows within the frame of the key press.
 */
const HeldCard = memo(function HeldCard({
  item,
  userId,
  batch,
  submitting,
  active,
  channel,
  actions,
}: {
  item: ModerationItem;
  userId: number;
  batch: boolean;
  submitting: boolean;
  active: boolean;
  channel: Channel | undefined;
  actions: HeldCardActions;
}) {
  const { id } = item;
  const register = useCallback(
    (element: HTMLElement | null) => actions.register(id, element),
    [actions, id],
  );
  return (
    <ContentCard
      ref={register}
      item={item}
      userId={userId}
      batch={batch}
      submitting={submitting}
      active={active}
      onActivate={() => actions.activate(id)}
      onToggleTag={(name) => actions.toggleTag(id, name)}
      onCustomTag={(value) => actions.customTag(id, value)}
      onSubmit={() => actions.submit(item)}
      onLoaded={() => actions.loaded(id)}
      onCardKeyDown={actions.cardKeyDown}
      context={channel ? <ChannelContextPanel itemId={id} channel={channel} /> : undefined}
    />
  );
});

/**
 * The live moderation screen of SPEC §2. With a `channel` it is that channel's view (/chat,
 * /inbox, /social, /calls, /voice): the session asks for that channel's items only, and each
 * card shows the item's channel context.
 */
export function ModerationPage({ channel }: { channel?: Channel } = {}) {
  const { state, store, user, maxContent, park } = useModerationSession();
  const { locked: parkLocked, run: runPark } = useClickLock(PARK_RESUME_LOCK_MS);
  const { items, submitting } = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const submit = useSubmitItems();
  const [filter, setFilter] = useState<ContentFilter>('All');
  const [activeId, setActiveId] = useState<number | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const [wellbeingOpen, setWellbeingOpen] = useState(false);
  const cardRefs = useRef(new Map<number, HTMLElement>());
  const batch = user.is_batch_moderator;
  const elsewhere = state.phase === 'already_moderating';
  const waiting = state.phase === 'connecting' || state.phase === 'reconnecting';
  const visible = filterItems(items, filter);
  const active = visible.find((item) => item.id === activeId) ?? visible[0];
  useRevealHotkey(active?.id);
  const batchBusy = submitting.size > 0;
  useChannelScope(store, items, channel);
  useMediaPrefetch(items);
  const { emptyRef, handOff } = useCardFocus({
    ids: visible.map((item) => item.id),
    leaving: submitting,
    cards: cardRefs,
  });

  useDocumentTitle(
    elsewhere
      ? MODERATION_PAGE_TEXTS.elsewhereTitle
      : MODERATION_PAGE_TEXTS.assignedTitle(items.length),
  );

  const focusCard = useCallback((id: number | undefined) => {
    if (id === undefined) return;
    setActiveId(id);
    cardRefs.current.get(id)?.focus();
  }, []);

  const submitOne = useCallback(
    (item: ModerationItem) => {
      if (!canSubmitItem(item, false)) return;
      // Keep the keyboard flow: the next card takes the focus now, before the submit re-renders.
      const next = handOff(item.id);
      if (next !== undefined) setActiveId(next);
      void submit([item.id]);
    },
    [handOff, submit],
  );

  const onLoaded = useCallback(
    (id: number) => {
      if (store.markLoaded(id)) {
        recordModeratedTime(user.id, id).catch((error: unknown) =>
          logFailure('moderated time', error),
        );
      }
    },
    [store, user.id],
  );

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented) return;
      const target = event.target instanceof HTMLElement ? event.target : null;
      const command = keyCommand({
        key: event.key,
        ctrlKey: event.ctrlKey,
        altKey: event.altKey,
        metaKey: event.metaKey,
        targetTag: target?.tagName ?? 'BODY',
        targetEditable: target?.isContentEditable ?? false,
        inDialog: isInDialog(event.target) || helpOpen || wellbeingOpen,
        batch,
      });
      if (!command) return;
      if (command.type === 'help') {
        event.preventDefault();
        setHelpOpen(true);
        return;
      }
      if (!active) return;
      event.preventDefault();
      if (command.type === 'toggle') {
        const tag = active.tags[command.index];
        if (tag) store.toggleTag(active.id, tag.name);
      } else if (command.type === 'submit') {
        submitOne(active);
      } else {
        const index = visible.findIndex((item) => item.id === active.id);
        const next = visible[Math.min(Math.max(index + command.delta, 0), visible.length - 1)];
        focusCard(next?.id);
        cardRefs.current.get(next?.id ?? -1)?.scrollIntoView({ block: 'nearest' });
      }
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [active, batch, focusCard, helpOpen, wellbeingOpen, store, submitOne, visible]);

  const onCardKeyDown = useCallback((event: ReactKeyboardEvent<HTMLElement>) => {
    // Escape from inside a card returns focus to the card itself.
    if (event.key === 'Escape' && event.target !== event.currentTarget) {
      event.currentTarget.focus();
    }
  }, []);

  const cardActions = useMemo<HeldCardActions>(
    () => ({
      register: (id, element) => {
        if (element) cardRefs.current.set(id, element);
        else cardRefs.current.delete(id);
      },
      activate: setActiveId,
      toggleTag: (id, name) => store.toggleTag(id, name),
      customTag: (id, value) => store.setCustomTag(id, value),
      submit: submitOne,
      loaded: onLoaded,
      cardKeyDown: onCardKeyDown,
    }),
    [store, submitOne, onLoaded, onCardKeyDown],
  );

  return (
    <div className="space-y-4 pb-20">
      <div className="flex flex-wrap items-center gap-3">
        {channel ? <ChannelHeading channel={channel} /> : <h1 className="sr-only">Moderation</h1>}
        <div
          className={clsx(
            'flex items-center gap-2 rounded-md border px-3 py-1.5 text-xs font-semibold tracking-wide whitespace-nowrap sm:text-sm',
            batch
              ? 'border-gold-500/60 bg-gold-500/10 text-gold-800 dark:text-gold-300'
              : 'border-stone-300 bg-white text-stone-700 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200',
          )}
          data-testid="mode-banner"
        >
          {batch ? (
            <Layers aria-hidden="true" className="size-4" />
          ) : (
            <SquareStack aria-hidden="true" className="size-4" />
          )}
          <span>{batch ? MODERATION_TEXTS.batchMode : MODERATION_TEXTS.singleMode}</span>
          <span className="h-4 w-px bg-current opacity-30" aria-hidden="true" />
          <span className="font-medium tabular-nums">
            {MODERATION_TEXTS.maxContent(maxContent)}
          </span>
        </div>
        <Filters value={filter} items={items} onChange={setFilter} />
        {user.role === 'operator' && state.phase === 'moderating' && (
          // Operators have only the minimal top bar (SPEC §2), so their way to a break is here.
          <button
            type="button"
            onClick={() => runPark(park)}
            disabled={parkLocked}
            className="btn-secondary ml-auto py-1.5"
          >
            <Pause aria-hidden="true" className="size-4" />
            Park
          </button>
        )}
        <button
          type="button"
          onClick={() => setWellbeingOpen(true)}
          className={clsx(
            'btn-ghost px-2 py-1 text-xs',
            !(user.role === 'operator' && state.phase === 'moderating') && 'ml-auto',
          )}
        >
          <EyeOff aria-hidden="true" className="size-4" />
          {WELLBEING_TEXTS.openDialog}
        </button>
        <button
          type="button"
          onClick={() => setHelpOpen(true)}
          className="btn-ghost px-2 py-1 text-xs"
          aria-label="Keyboard shortcuts"
        >
          <Keyboard aria-hidden="true" className="size-4" />
          Shortcuts
          <kbd className="rounded border border-stone-300 px-1 font-mono text-[10px] dark:border-zinc-700">
            ?
          </kbd>
        </button>
      </div>
      <p className="-mt-2 hidden text-xs text-stone-600 sm:block dark:text-zinc-400">
        {batch ? SHORTCUT_HINT_BATCH : SHORTCUT_HINT}
      </p>

      {user.role === 'developer' && (
        <p
          className="rounded border border-dashed border-stone-300 px-3 py-1.5 font-mono text-[11px] text-stone-500 dark:border-zinc-700 dark:text-zinc-400"
          data-testid="debug-line"
        >
          socket {state.socketId ?? '-'} · state {state.phase} · assigned [
          {items.map((item) => item.id).join(', ')}] · moderating socket{' '}
          {state.moderatingSocket ?? '-'}
        </p>
      )}

      {elsewhere && (
        <div
          role="alert"
          className="flex items-center gap-2 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800 dark:border-red-900 dark:bg-red-950/50 dark:text-red-300"
        >
          <AlertTriangle aria-hidden="true" className="size-5 shrink-0" />
          {MODERATION_TEXTS.alreadyModerating}
        </div>
      )}

      {!elsewhere && visible.length === 0 && (
        <div
          ref={emptyRef}
          tabIndex={-1}
          data-testid="moderation-empty"
          className="panel flex items-center justify-center gap-2 px-6 py-16 text-sm text-stone-500 focus:outline-none dark:text-zinc-400"
        >
          {waiting || state.phase === 'fetching_user' ? (
            <>
              <Loader2 aria-hidden="true" className="size-4 motion-safe:animate-spin" />
              {MODERATION_PAGE_TEXTS.connecting}
            </>
          ) : items.length > 0 ? (
            MODERATION_PAGE_TEXTS.noneInFilter
          ) : (
            <>
              <Loader2
                aria-hidden="true"
                className="size-4 motion-safe:animate-spin text-gold-500"
              />
              {MODERATION_PAGE_TEXTS.waiting}
            </>
          )}
        </div>
      )}

      {!elsewhere && visible.length > 0 && (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2" aria-label="Assigned content">
          {visible.map((item) => (
            <HeldCard
              key={item.id}
              item={item}
              userId={user.id}
              batch={batch}
              submitting={submitting.has(item.id)}
              active={active?.id === item.id}
              channel={channel}
              actions={cardActions}
            />
          ))}
        </div>
      )}

      {batch && !elsewhere && (
        <div className="sticky bottom-0 z-10 -mx-4 flex items-center justify-end gap-3 border-t border-stone-200 bg-stone-100/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6 dark:border-zinc-800 dark:bg-zinc-950/95">
          <p className="text-xs text-stone-500 dark:text-zinc-400">
            {visible.length > 0 && !canSubmitBatch(visible, false)
              ? 'Every item marked with * needs at least one tag.'
              : null}
          </p>
          <button
            type="button"
            className="btn-primary shrink-0 whitespace-nowrap"
            disabled={!canSubmitBatch(visible, batchBusy)}
            onClick={() => void submit(visible.map((item) => item.id))}
          >
            <Send aria-hidden="true" className="size-4" />
            {MODERATION_PAGE_TEXTS.batchSubmit(visible.length)}
          </button>
        </div>
      )}

      <ShortcutsDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
      {wellbeingOpen && (
        <Suspense fallback={null}>
          <WellbeingDialog open onClose={() => setWellbeingOpen(false)} />
        </Suspense>
      )}
      <BreakReminder
        moderating={state.phase === 'moderating'}
        itemsKey={items.map((item) => item.id).join(',')}
        onPark={park}
      />
    </div>
  );
}
