import { useMutation } from '@tanstack/react-query';
import { Link, getRouteApi } from '@tanstack/react-router';
import { Bot, Loader2, ScanText } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import {
  TRIAL_TEXT_MAX_LENGTH,
  trialEndpoints,
  type PublicBrand,
  type TextCheck,
} from '../../../contract/trials';
import { ApiError, api, errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { TextareaField } from '../../../ui/form/text-field';
import { FormError } from '../../../ui/form/form-error';
import { formatTagLabel } from '../../moderation/moderation-rules';
import { TRIAL_TEXTS as TEXTS } from '../trials-texts';
import { BrandFrame } from './brand-frame';

function CheckResult({ brand, result }: { brand: PublicBrand; result: TextCheck }) {
  const labelOf = (name: string) =>
    brand.sample_set.tags.find((tag) => tag.name === name)?.label ?? formatTagLabel(name);
  return (
    <section
      aria-labelledby="check-result-heading"
      className="panel space-y-3 p-5"
      data-testid="text-check-result"
    >
      <h2 id="check-result-heading" className="flex items-center gap-2 text-base font-semibold">
        <Bot aria-hidden="true" className="size-5 text-gold-700 dark:text-gold-400" />
        {TEXTS.resultTitle}
      </h2>
      {result.tags === null ? (
        <p className="text-sm">{TEXTS.resultNoAnswer}</p>
      ) : result.tags.length === 0 ? (
        <p className="text-sm font-medium text-emerald-800 dark:text-emerald-300">
          {TEXTS.resultNothing}
        </p>
      ) : (
        <ul className="flex flex-wrap gap-1.5" aria-label="Suggested tags">
          {result.tags.map((name) => (
            <li
              key={name}
              className="rounded-full bg-amber-100 px-2.5 py-1 text-sm font-medium text-amber-900 dark:bg-amber-900/40 dark:text-amber-200"
            >
              {labelOf(name)}
            </li>
          ))}
        </ul>
      )}
      {result.reasoning && (
        <div>
          <h3 className="text-xs font-semibold tracking-wide text-stone-600 uppercase dark:text-zinc-400">
            {TEXTS.resultReasoning}
          </h3>
          <p className="mt-1 text-sm">{result.reasoning}</p>
        </div>
      )}
      <p className="text-xs text-stone-600 dark:text-zinc-400">
        {TEXTS.resultBy(result.provider, result.response_time)}
      </p>
    </section>
  );
}

function TextCheck({ brand }: { brand: PublicBrand }) {
  useDocumentTitle(TEXTS.textDocTitle(brand.name));
  const [text, setText] = useState('');
  const check = useMutation({
    mutationFn: async (value: string) =>
      (
        await api.call(trialEndpoints.checkText, {
          params: { brand: brand.slug },
          body: { text: value },
        })
      ).data,
  });
  const fieldError = check.error instanceof ApiError ? check.error.fields.text : undefined;
  const formError = check.error && !fieldError ? errorMessage(check.error) : null;
  const tags = brand.sample_set.tags.map((tag) => tag.label).join(', ');

  function submit(event: FormEvent) {
    event.preventDefault();
    check.mutate(text);
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <section className="space-y-4">
        <h1 className="flex items-center gap-2 text-2xl font-semibold">
          <ScanText aria-hidden="true" className="size-6" />
          {TEXTS.textTitle}
        </h1>
        <p className="text-sm text-stone-600 dark:text-zinc-400">
          {TEXTS.textIntro(brand.name, tags)}
        </p>
        <form onSubmit={submit} noValidate className="panel space-y-3 p-5">
          <TextareaField
            label={TEXTS.textLabel}
            name="text"
            rows={8}
            maxLength={TRIAL_TEXT_MAX_LENGTH}
            hint={TEXTS.textCount(text.length, TRIAL_TEXT_MAX_LENGTH)}
            error={fieldError}
            value={text}
            onChange={(value) => {
              setText(value);
              if (check.error) check.reset();
            }}
          />
          <FormError message={formError} />
          <div className="flex flex-wrap items-center gap-3">
            <button
              type="submit"
              className="btn-primary"
              disabled={check.isPending || text.trim() === ''}
            >
              {check.isPending && (
                <Loader2 aria-hidden="true" className="size-4 motion-safe:animate-spin" />
              )}
              {check.isPending ? TEXTS.textChecking : TEXTS.textSubmit}
            </button>
            <p className="text-xs text-stone-600 dark:text-zinc-400">{TEXTS.textPrivacy}</p>
          </div>
        </form>
      </section>
      <div className="space-y-4 lg:pt-12" aria-live="polite">
        {check.data && <CheckResult brand={brand} result={check.data} />}
        <Link
          to="/trial/$brand"
          params={{ brand: brand.slug }}
          className="inline-block text-sm font-medium text-gold-800 underline underline-offset-2 dark:text-gold-300"
        >
          {TEXTS.textTryConsole}
        </Link>
      </div>
    </div>
  );
}

/** /trial/<brand>/text: a stranger pastes a text and sees the AI's tags and reasoning. */
export function TextCheckPage({ slug }: { slug: string }) {
  return (
    <BrandFrame slug={slug} current="text">
      {(brand) => <TextCheck brand={brand} />}
    </BrandFrame>
  );
}

const textRoute = getRouteApi('/trial/$brand/text');

export function TextCheckRoute() {
  const { brand } = textRoute.useParams();
  return <TextCheckPage slug={brand} />;
}
