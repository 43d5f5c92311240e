import { Keyboard } from 'lucide-react';
import {
  Suspense,
  lazy,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
} from 'react';
import type { DecisionBody, Sandbox, SandboxResult, Verdict } from '../../../contract/demo';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notices';
import { ContentCard } from '../../moderation/components/content-card';
import { SHORTCUT_HINT, ShortcutsDialog } from '../../moderation/components/shortcuts-dialog';
import { keyCommand } from '../../moderation/moderation-keys';
import { SANDBOX_TEXTS as TEXTS } from '../demo-texts';
import {
  NO_SELECTION,
  decisionOf,
  toModerationItem,
  toggleTag,
  type Selection,
} from '../sandbox-items';
import { SandboxProgress } from './sandbox-progress';
import { VerdictCard } from './verdict-card';

/** Where the sandbox's samples come from and where its decisions go (demo role or a brand). */
export interface SandboxSource {
  sandbox: Sandbox;
  result: SandboxResult;
  /** The service line of every card: the brand, or the sample set. */
  serviceName: string;
  submit: (decision: DecisionBody) => Promise<Verdict>;
  reset: () => Promise<void>;
  /** The progress bar's colour. */
  accent: string;
}

// The question loads when first asked: the public trial pages keep the dialog library out of
// their first load.
const ConfirmDialog = lazy(() =>
  import('../../../ui/confirm-dialog').then((module) => ({ default: module.ConfirmDialog })),
);

function isInDialog(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('[role="dialog"]') !== null;
}

/**
 * Sample content moderated with the moderation screen's own cards (viewer, AI suggestions, tag
 * chips, custom tag, Submit) and its keyboard commands; a submitted card gives way to its
 * comparison with the reference result. Start over clears every decision after a question.
 */
export function DemoSandbox({ source }: { source: SandboxSource }) {
  const { sandbox, result } = source;
  const [selections, setSelections] = useState<ReadonlyMap<number, Selection>>(new Map());
  const [errors, setErrors] = useState<ReadonlyMap<number, string>>(new Map());
  const [submitting, setSubmitting] = useState<ReadonlySet<number>>(new Set());
  const [activeId, setActiveId] = useState<number | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const [confirmReset, setConfirmReset] = useState(false);
  // Mounted from the first question on, so closing it animates as any dialog does.
  const [resetAsked, setResetAsked] = useState(false);
  const [resetting, setResetting] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const cardRefs = useRef(new Map<number, HTMLElement>());
  // Arrival times are relative to when the page opened, so they stay put while it is open.
  const [openedAt] = useState(() => new Date());

  const verdicts = useMemo(
    () => new Map(result.verdicts.map((verdict) => [verdict.sample_id, verdict])),
    [result.verdicts],
  );
  const open = useMemo(
    () =>
      sandbox.items
        .filter((sample) => !verdicts.has(sample.id))
        .map((sample) =>
          toModerationItem(sample, sandbox.set, {
            serviceName: source.serviceName,
            origin: window.location.origin,
            now: openedAt,
            selection: selections.get(sample.id),
            submitError: errors.get(sample.id) ?? null,
          }),
        ),
    [sandbox, verdicts, selections, errors, source.serviceName, openedAt],
  );
  const active = open.find((item) => item.id === activeId) ?? open[0];
  const complete = result.summary.reviewed >= result.summary.total && result.summary.total > 0;

  const select = useCallback((id: number, change: (selection: Selection) => Selection) => {
    setSelections((current) => new Map(current).set(id, change(current.get(id) ?? NO_SELECTION)));
  }, []);

  const submitOne = useCallback(
    async (id: number) => {
      if (submitting.has(id)) return;
      const index = open.findIndex((item) => item.id === id);
      const next = open[index + 1] ?? open[index - 1];
      const hadFocus = cardRefs.current.get(id)?.contains(document.activeElement) ?? false;
      setSubmitting((current) => new Set(current).add(id));
      try {
        const verdict = await source.submit(decisionOf(id, selections.get(id) ?? NO_SELECTION));
        const title = sandbox.items.find((sample) => sample.id === id)?.title ?? `#${id}`;
        setAnnouncement(TEXTS.announce(title, verdict.agreement));
        setErrors((current) => {
          const copy = new Map(current);
          copy.delete(id);
          return copy;
        });
        if (next) {
          setActiveId(next.id);
          if (hadFocus) requestAnimationFrame(() => cardRefs.current.get(next.id)?.focus());
        }
      } catch (error) {
        setErrors((current) => new Map(current).set(id, TEXTS.submitFailed(errorMessage(error))));
      } finally {
        setSubmitting((current) => {
          const copy = new Set(current);
          copy.delete(id);
          return copy;
        });
      }
    },
    [open, sandbox.items, selections, source, submitting],
  );

  async function startOver() {
    setResetting(true);
    try {
      await source.reset();
      setSelections(new Map());
      setErrors(new Map());
      setActiveId(null);
      setConfirmReset(false);
      notify.success(TEXTS.resetDone);
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setResetting(false);
    }
  }

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
        inDialog: isInDialog(event.target) || helpOpen || confirmReset,
        batch: false,
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
        if (tag) select(active.id, (selection) => toggleTag(selection, tag.name));
      } else if (command.type === 'submit') {
        void submitOne(active.id);
      } else {
        const index = open.findIndex((item) => item.id === active.id);
        const next = open[Math.min(Math.max(index + command.delta, 0), open.length - 1)];
        if (next) {
          setActiveId(next.id);
          cardRefs.current.get(next.id)?.focus();
          cardRefs.current.get(next.id)?.scrollIntoView({ block: 'nearest' });
        }
      }
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [active, confirmReset, helpOpen, open, select, submitOne]);

  const onCardKeyDown = useCallback((event: ReactKeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape' && event.target !== event.currentTarget) {
      event.currentTarget.focus();
    }
  }, []);

  return (
    <div className="space-y-4">
      <SandboxProgress
        summary={result.summary}
        accent={source.accent}
        onReset={() => {
          setResetAsked(true);
          setConfirmReset(true);
        }}
        resetDisabled={result.summary.reviewed === 0 && selections.size === 0}
      />
      <div className="flex flex-wrap items-center gap-3">
        <p className="hidden text-xs text-stone-600 sm:block dark:text-zinc-400">{SHORTCUT_HINT}</p>
        <button
          type="button"
          onClick={() => setHelpOpen(true)}
          className="btn-ghost ml-auto px-2 py-1 text-xs"
          aria-label="Keyboard shortcuts"
        >
          <Keyboard aria-hidden="true" className="size-4" />
          Shortcuts
        </button>
      </div>
      {complete && (
        <p
          role="status"
          className="rounded-md border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950/40 dark:text-emerald-200"
          data-testid="sandbox-complete"
        >
          {TEXTS.complete(
            result.summary.matched,
            result.summary.total,
            result.summary.ai_matched,
            result.summary.ai_answered,
          )}
        </p>
      )}
      <div
        className="grid grid-cols-1 items-start gap-4 md:grid-cols-2"
        data-testid="sandbox-items"
      >
        {sandbox.items.map((sample) => {
          const verdict = verdicts.get(sample.id);
          const item = open.find((candidate) => candidate.id === sample.id);
          return (
            <div key={sample.id} className="flex min-w-0 flex-col gap-1.5">
              <p className="px-1 text-xs font-medium text-stone-600 dark:text-zinc-400">
                {TEXTS.sampleCaption(sample.title)}
              </p>
              {verdict ? (
                <VerdictCard
                  sample={sample}
                  set={sandbox.set}
                  serviceName={source.serviceName}
                  verdict={verdict}
                />
              ) : item ? (
                <ContentCard
                  ref={(element) => {
                    if (element) cardRefs.current.set(item.id, element);
                    else cardRefs.current.delete(item.id);
                  }}
                  item={item}
                  userId={null}
                  batch={false}
                  submitting={submitting.has(item.id)}
                  active={active?.id === item.id}
                  onActivate={() => setActiveId(item.id)}
                  onToggleTag={(name) => select(item.id, (selection) => toggleTag(selection, name))}
                  onCustomTag={(value) =>
                    select(item.id, (selection) => ({ ...selection, customTag: value }))
                  }
                  onSubmit={() => void submitOne(item.id)}
                  onLoaded={() => undefined}
                  onCardKeyDown={onCardKeyDown}
                />
              ) : null}
            </div>
          );
        })}
      </div>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <ShortcutsDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
      {resetAsked && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={confirmReset}
            title={TEXTS.resetTitle}
            description={TEXTS.resetText(result.summary.reviewed)}
            confirmLabel={TEXTS.reset}
            busyLabel={TEXTS.resetting}
            busy={resetting}
            onConfirm={() => void startOver()}
            onCancel={() => setConfirmReset(false)}
          />
        </Suspense>
      )}
    </div>
  );
}
