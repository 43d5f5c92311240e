import {
  CreateUserRequestSchema,
  MAX_CONTENT_MAX,
  MAX_CONTENT_MIN,
  type CreateUserInput,
  type UserOptions,
  type UserRow,
} from '../../../contract/users';
import { SETTINGS } from '../../../contract/settings';
import { Dialog } from '../../../ui/dialog';
import { CheckboxField } from '../../../ui/form/checkbox-field';
import { SwitchField } from '../../../ui/form/switch-field';
import { ChoiceList } from '../../../ui/form/choice-list';
import { FormError } from '../../../ui/form/form-error';
import { FormActions } from '../../../ui/form/form-actions';
import { NumberField } from '../../../ui/form/number-field';
import { SelectField } from '../../../ui/form/select-field';
import { TextField } from '../../../ui/form/text-field';
import { useZodForm } from '../../../ui/form/use-zod-form';
import type { CreatedUser } from '../api/user-mutations';
import { useCreateUser, useUpdateUser } from '../api/user-mutations';
import { USERS_PAGE_TEXTS as TEXTS } from '../users-texts';

/** What the dialog edits: a new user, or an existing one. */
export type UserFormTarget = { mode: 'create' } | { mode: 'edit'; user: UserRow };

function initialValues(target: UserFormTarget, defaultMaxContent: number): CreateUserInput {
  if (target.mode === 'create') {
    return {
      username: '',
      first_name: '',
      last_name: '',
      email: '',
      role_id: '',
      max_content: defaultMaxContent,
      is_batch_moderator: false,
      active: true,
      service_ids: [],
    };
  }
  const { user } = target;
  return {
    username: user.username,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email ?? '',
    role_id: user.role_id,
    max_content: user.max_content,
    is_batch_moderator: user.is_batch_moderator,
    active: user.active,
    service_ids: user.service_ids,
  };
}

/**
 * Create and edit a user. The form is checked with the schema the server checks the request
 * with (CreateUserRequestSchema: the edit call's schema plus `active`), and the server's 422 and
 * 409 answers (a taken username or email) show beside their fields. Mounted per opening, so it
 * starts from the row it edits.
 */
export function UserFormDialog({
  target,
  options,
  currentUserId,
  onClose,
  onCreated,
  onSaved,
}: {
  target: UserFormTarget;
  options: UserOptions | undefined;
  currentUserId: number;
  onClose: () => void;
  onCreated: (created: CreatedUser) => void;
  onSaved: (user: UserRow) => void;
}) {
  const form = useZodForm(
    CreateUserRequestSchema,
    initialValues(target, options?.default_max_content ?? SETTINGS.default_max_content.default),
  );
  const create = useCreateUser();
  const update = useUpdateUser();
  const editing = target.mode === 'edit' ? target.user : null;
  const ownAccount = editing?.id === currentUserId;
  const mailEnabled = options?.mail_enabled ?? false;
  const roles = (options?.roles ?? []).map((role) => ({ value: role.id, label: role.name }));
  // Linked services matter for roles that read /customer-moderation; others keep theirs hidden.
  const readsLinkedServices =
    options?.roles.find((role) => role.id === Number(form.values.role_id))?.reads_linked_services ??
    false;
  const serviceChoices = (options?.services ?? []).map((service) => ({
    id: service.id,
    label: service.name,
  }));

  const submit = form.handleSubmit(async (values) => {
    if (editing) {
      const { active: _active, ...body } = values;
      onSaved(await update.mutateAsync({ id: editing.id, body }));
    } else {
      onCreated(await create.mutateAsync(values));
    }
  });

  const busy = form.submitting;
  return (
    <Dialog
      open
      onClose={onClose}
      busy={busy}
      size="lg"
      title={editing ? TEXTS.editTitle(editing.username) : TEXTS.createTitle}
      description={
        editing ? undefined : mailEnabled ? TEXTS.accessHintMail : TEXTS.accessHintPassword
      }
      testId="user-form-dialog"
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-4">
        <TextField
          label={TEXTS.fields.username}
          required
          autoComplete="off"
          initialFocus
          {...form.field('username')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={TEXTS.fields.firstName}
            autoComplete="off"
            {...form.field('first_name')}
            value={form.values.first_name ?? ''}
          />
          <TextField
            label={TEXTS.fields.lastName}
            autoComplete="off"
            {...form.field('last_name')}
            value={form.values.last_name ?? ''}
          />
        </div>
        <TextField
          label={TEXTS.fields.email}
          type="email"
          autoComplete="off"
          required={mailEnabled && !editing}
          hint={mailEnabled && !editing ? TEXTS.emailHintInvite : TEXTS.emailHintOptional}
          {...form.field('email')}
          value={typeof form.values.email === 'string' ? form.values.email : ''}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField<number>
            label={TEXTS.fields.role}
            required
            placeholder={TEXTS.fields.chooseRole}
            options={roles}
            disabled={ownAccount}
            hint={ownAccount ? TEXTS.ownRoleHint : undefined}
            {...form.field('role_id')}
            value={form.values.role_id as number | ''}
          />
          <NumberField
            label={TEXTS.fields.maxContent}
            required
            min={MAX_CONTENT_MIN}
            max={MAX_CONTENT_MAX}
            hint={TEXTS.fields.maxContentHint}
            {...form.field('max_content')}
            value={form.values.max_content as number | undefined}
          />
        </div>
        {readsLinkedServices && (
          <ChoiceList
            legend={TEXTS.fields.services}
            hint={TEXTS.fields.servicesHint}
            name="service_ids"
            choices={serviceChoices}
            value={form.values.service_ids ?? []}
            onChange={(ids) => form.setValue('service_ids', ids)}
            error={form.errors.service_ids}
            testId="user-services"
          />
        )}
        <CheckboxField
          label={TEXTS.fields.batch}
          hint={TEXTS.fields.batchHint}
          {...form.field('is_batch_moderator')}
        />
        {!editing && (
          <SwitchField
            label={TEXTS.fields.active}
            hint={TEXTS.fields.activeHint}
            {...form.field('active')}
            value={form.values.active ?? true}
          />
        )}
        <FormError message={form.formError} />
        <FormActions
          busy={busy}
          submitLabel={editing ? TEXTS.save : TEXTS.create}
          busyLabel={editing ? TEXTS.saving : TEXTS.creating}
          cancelLabel={TEXTS.cancel}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
