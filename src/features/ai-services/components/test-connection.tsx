import { LoaderCircle } from 'lucide-react';
import { useId } from 'react';
import {
  AI_TEST_SAMPLE,
  AiTestRequestSchema,
  type AiProviderId,
  type AiTestResult,
} from '../../../contract/ai-services';
import { FormError } from '../../../ui/form/form-error';
import { TextareaField } from '../../../ui/form/text-field';
import { useZodForm } from '../../../ui/form/use-zod-form';
import { useTestAiProvider } from '../api/get-ai-services';
import { AI_SERVICES_PAGE_TEXTS as TEXTS } from '../ai-services-texts';

function Result({ result }: { result: AiTestResult }) {
  return (
    <div
      className={
        result.ok
          ? 'rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm dark:border-emerald-500/40 dark:bg-emerald-500/10'
          : 'rounded-md border border-red-300 bg-red-50 p-3 text-sm dark:border-red-500/40 dark:bg-red-500/10'
      }
      data-testid="ai-test-result"
    >
      <p className="font-medium">
        <span
          className={
            result.ok ? 'text-emerald-800 dark:text-emerald-300' : 'text-red-800 dark:text-red-300'
          }
        >
          {result.ok ? TEXTS.answered : TEXTS.failed}
        </span>{' '}
        <span className="font-normal text-stone-600 dark:text-zinc-400">
          {TEXTS.latency(result.latency_ms)}
        </span>
      </p>
      {result.ok && result.tags === null && <p className="mt-1">{TEXTS.noAnswer}</p>}
      {result.tags && (
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="text-stone-600 dark:text-zinc-400">{TEXTS.tags}</dt>
          <dd className="flex flex-wrap gap-1">
            {result.tags.map((tag) => (
              <span
                key={tag}
                className="rounded-full bg-gold-100 px-2 py-0.5 text-xs font-medium text-gold-900 dark:bg-gold-500/15 dark:text-gold-200"
              >
                {tag}
              </span>
            ))}
          </dd>
          <dt className="text-stone-600 dark:text-zinc-400">{TEXTS.reasoning}</dt>
          <dd>{result.reasoning}</dd>
        </dl>
      )}
      {result.error && (
        <p className="mt-1 break-words">
          <span className="font-medium">{TEXTS.errorCode(result.error.code)}</span>
          {result.error.message && `: ${result.error.message}`}
        </p>
      )}
    </div>
  );
}

/** Sends a sample text through one provider and shows its answer, latency or error. */
export function TestConnection({ provider, name }: { provider: AiProviderId; name: string }) {
  const headingId = useId();
  const test = useTestAiProvider();
  const form = useZodForm(AiTestRequestSchema, { provider, text: AI_TEST_SAMPLE });
  const submit = form.handleSubmit((body) => test.mutateAsync(body));
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h3 id={headingId} className="text-sm font-semibold">
        {TEXTS.testTitle}
        <span className="sr-only">: {name}</span>
      </h3>
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-3">
        <TextareaField
          label={TEXTS.testText}
          hint={TEXTS.testHint}
          rows={2}
          {...form.field('text')}
        />
        <FormError message={form.formError} />
        <button
          type="submit"
          className="btn-secondary"
          disabled={form.submitting}
          aria-busy={form.submitting || undefined}
        >
          {form.submitting && (
            <LoaderCircle aria-hidden="true" className="size-4 motion-safe:animate-spin" />
          )}
          {form.submitting ? TEXTS.testing : TEXTS.test}
        </button>
      </form>
      <div aria-live="polite">{test.data && !form.submitting && <Result result={test.data} />}</div>
    </section>
  );
}
