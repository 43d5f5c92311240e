import { useNavigate } from '@tanstack/react-router';
import { Send } from 'lucide-react';
import { SignupBodySchema, SIGNUP_LIMITS } from '../../../contract/trial-signups';
import { trialEndpoints } from '../../../contract/trials';
import { api } from '../../../lib/api-client';
import { CheckboxField } from '../../../ui/form/checkbox-field';
import { FormError } from '../../../ui/form/form-error';
import { TextField, TextareaField } from '../../../ui/form/text-field';
import { useZodForm } from '../../../ui/form/use-zod-form';
import { TRIAL_TEXTS as TEXTS } from '../trials-texts';

/**
 * A prospect's contact details, checked with the schema the server checks them with, sent to
 * the team, then on to /trial/regcomplete. `brand` is the trial the prospect came from, if any.
 */
export function SignupForm({ brand }: { brand: { slug: string; name: string } | null }) {
  const navigate = useNavigate();
  const form = useZodForm(SignupBodySchema, {
    brand: brand?.slug ?? '',
    name: '',
    email: '',
    company: '',
    phone: '',
    message: '',
    consent: false as unknown as true,
  });
  const submit = form.handleSubmit(async (body) => {
    await api.call(trialEndpoints.signup, { body });
    await navigate({
      to: '/trial/regcomplete',
      search: brand ? { brand: brand.slug } : {},
    });
  });
  const headingId = 'signup-heading';

  return (
    <section aria-labelledby={headingId} className="panel p-5 sm:p-6" data-testid="signup">
      <h2 id={headingId} className="text-lg font-semibold">
        {TEXTS.signupTitle(brand?.name ?? null)}
      </h2>
      <p className="mt-1 max-w-2xl text-sm text-stone-600 dark:text-zinc-400">
        {TEXTS.signupIntro}
      </p>
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={TEXTS.signupName}
            required
            autoComplete="name"
            maxLength={SIGNUP_LIMITS.name}
            {...form.field('name')}
            value={form.values.name}
          />
          <TextField
            label={TEXTS.signupEmail}
            type="email"
            required
            autoComplete="email"
            maxLength={SIGNUP_LIMITS.email}
            {...form.field('email')}
            value={form.values.email}
          />
          <TextField
            label={TEXTS.signupCompany}
            autoComplete="organization"
            maxLength={SIGNUP_LIMITS.company}
            {...form.field('company')}
            value={form.values.company ?? ''}
          />
          <TextField
            label={TEXTS.signupPhone}
            type="tel"
            autoComplete="tel"
            maxLength={SIGNUP_LIMITS.phone}
            {...form.field('phone')}
            value={form.values.phone ?? ''}
          />
        </div>
        <TextareaField
          label={TEXTS.signupMessage}
          hint={TEXTS.signupMessageHint}
          maxLength={SIGNUP_LIMITS.message}
          rows={3}
          {...form.field('message')}
          value={form.values.message ?? ''}
        />
        <CheckboxField
          label={TEXTS.signupConsent}
          name="consent"
          value={form.values.consent === true}
          onChange={(checked) => form.setValue('consent', checked as true)}
          error={form.errors.consent}
        />
        <FormError message={form.formError} />
        <button type="submit" className="btn-primary" disabled={form.submitting}>
          <Send aria-hidden="true" className="size-4" />
          {form.submitting ? TEXTS.signupSending : TEXTS.signupSubmit}
        </button>
      </form>
    </section>
  );
}
