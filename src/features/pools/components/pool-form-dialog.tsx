import { useQuery } from '@tanstack/react-query';
import { PoolBodySchema, type PoolOptions, type PoolRow } from '../../../contract/pools';
import { errorMessage } from '../../../lib/api-client';
import { Dialog } from '../../../ui/dialog';
import { FormError } from '../../../ui/form/form-error';
import { FormActions } from '../../../ui/form/form-actions';
import { TextField } from '../../../ui/form/text-field';
import { useZodForm } from '../../../ui/form/use-zod-form';
import { poolOptionsQuery } from '../api/get-pools';
import { useCreatePool, useUpdatePool } from '../api/pool-mutations';
import { POOLS_PAGE_TEXTS as TEXTS } from '../pools-texts';
import { ChoiceList, type Choice } from '../../../ui/form/choice-list';

/** What the pool dialog does: add a pool, or edit one. */
export type PoolFormTarget = { mode: 'add' } | { mode: 'edit'; pool: PoolRow };

function serviceChoices(options: PoolOptions, pool: PoolRow | undefined): Choice[] {
  const choices: Choice[] = options.services.map((service) => ({
    id: service.id,
    label: service.name,
    note:
      [
        service.priority !== 0 && TEXTS.priority(service.priority),
        !service.active && TEXTS.inactive,
      ]
        .filter(Boolean)
        .join(', ') || undefined,
  }));
  // A service of the pool is always listed, so it can be seen and removed.
  for (const service of pool?.services ?? []) {
    if (!choices.some((choice) => choice.id === service.id)) {
      choices.push({ id: service.id, label: service.name });
    }
  }
  return choices;
}

function userChoices(options: PoolOptions, pool: PoolRow | undefined): Choice[] {
  const choices: Choice[] = options.users.map((user) => ({
    id: user.id,
    label: user.username,
    note: user.role,
  }));
  // A member deactivated since is still listed, so the pool can be saved or cleaned up.
  for (const member of pool?.members ?? []) {
    if (!choices.some((choice) => choice.id === member.id)) {
      choices.push({ id: member.id, label: member.username, note: TEXTS.inactive });
    }
  }
  return choices;
}

function PoolForm({
  target,
  options,
  onClose,
  onDone,
}: {
  target: PoolFormTarget;
  options: PoolOptions;
  onClose: () => void;
  onDone: (pool: PoolRow) => void;
}) {
  const pool = target.mode === 'edit' ? target.pool : undefined;
  const create = useCreatePool();
  const update = useUpdatePool();
  // The edit call's schema is this one plus the id, so one form serves both.
  const form = useZodForm(PoolBodySchema, {
    name: pool?.name ?? '',
    description: pool?.description ?? '',
    service_ids: pool?.services.map((service) => service.id) ?? [],
    user_ids: pool?.members.map((member) => member.id) ?? [],
  });
  const submit = form.handleSubmit(async (body) =>
    onDone(
      pool ? await update.mutateAsync({ ...body, id: pool.id }) : await create.mutateAsync(body),
    ),
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-4">
      <TextField
        label={TEXTS.name}
        required
        initialFocus
        autoComplete="off"
        {...form.field('name')}
      />
      <TextField
        label={TEXTS.description}
        hint={TEXTS.descriptionHint}
        autoComplete="off"
        {...form.field('description')}
        value={form.values.description ?? ''}
      />
      <div className="grid gap-4 md:grid-cols-2">
        <ChoiceList
          legend={TEXTS.services}
          hint={TEXTS.servicesHint}
          name="service_ids"
          choices={serviceChoices(options, pool)}
          value={form.values.service_ids}
          onChange={(ids) => form.setValue('service_ids', ids)}
          error={form.errors.service_ids}
          testId="pool-services"
        />
        <ChoiceList
          legend={TEXTS.members}
          hint={TEXTS.membersHint}
          name="user_ids"
          choices={userChoices(options, pool)}
          value={form.values.user_ids}
          onChange={(ids) => form.setValue('user_ids', ids)}
          error={form.errors.user_ids}
          testId="pool-members"
        />
      </div>
      <FormError message={form.formError} />
      <FormActions
        busy={form.submitting}
        submitLabel={pool ? TEXTS.save : TEXTS.create}
        busyLabel={pool ? TEXTS.saving : TEXTS.creating}
        cancelLabel={TEXTS.cancel}
        onCancel={onClose}
      />
    </form>
  );
}

/**
 * Add or edit a pool, checked with the schema the server checks the request with; a taken name
 * (409) shows beside the name field, unknown services or users beside their lists.
 */
export function PoolFormDialog({
  target,
  onClose,
  onDone,
}: {
  target: PoolFormTarget;
  onClose: () => void;
  onDone: (pool: PoolRow) => void;
}) {
  const options = useQuery(poolOptionsQuery);
  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      title={target.mode === 'edit' ? TEXTS.editTitle(target.pool.name) : TEXTS.addTitle}
      testId="pool-form-dialog"
    >
      {options.data ? (
        <PoolForm target={target} options={options.data} onClose={onClose} onDone={onDone} />
      ) : options.isError ? (
        <p role="alert" className="mt-4 text-sm text-red-700 dark:text-red-400">
          {TEXTS.optionsFailed(errorMessage(options.error))}
        </p>
      ) : (
        <p className="mt-4 text-sm text-stone-500 dark:text-zinc-400">{TEXTS.loadingOptions}</p>
      )}
    </Dialog>
  );
}
