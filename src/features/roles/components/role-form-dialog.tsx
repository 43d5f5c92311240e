import type { ReactNode } from 'react';
import {
  AddRoleRequestSchema,
  UpdateRoleRequestSchema,
  type RoleRow,
} from '../../../contract/roles';
import { Dialog } from '../../../ui/dialog';
import { FormError } from '../../../ui/form/form-error';
import { FormActions } from '../../../ui/form/form-actions';
import { SelectField } from '../../../ui/form/select-field';
import { TextField } from '../../../ui/form/text-field';
import { useZodForm } from '../../../ui/form/use-zod-form';
import { useAddRole, useUpdateRole } from '../api/role-mutations';
import { ROLES_PAGE_TEXTS as TEXTS } from '../roles-texts';

/** What the role dialog does: add (empty or as a copy of a role) or rename a role. */
export type RoleFormTarget =
  { mode: 'add'; copyFrom?: RoleRow | undefined } | { mode: 'rename'; role: RoleRow };

function Frame({
  title,
  busy,
  onClose,
  children,
}: {
  title: string;
  busy: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog open onClose={onClose} busy={busy} title={title} testId="role-form-dialog">
      {children}
    </Dialog>
  );
}

function AddRoleForm({
  copyFrom,
  roles,
  onClose,
  onDone,
}: {
  copyFrom: RoleRow | undefined;
  roles: readonly RoleRow[];
  onClose: () => void;
  onDone: (role: RoleRow) => void;
}) {
  const add = useAddRole();
  const form = useZodForm(AddRoleRequestSchema, {
    name: copyFrom ? TEXTS.copyName(copyFrom.name) : '',
    description: copyFrom?.description ?? '',
    copy_from_role_id: copyFrom?.id ?? '',
  });
  const submit = form.handleSubmit(async (body) => onDone(await add.mutateAsync(body)));
  return (
    <Frame
      title={copyFrom ? TEXTS.copyTitle(copyFrom.name) : TEXTS.addTitle}
      busy={form.submitting}
      onClose={onClose}
    >
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
        <SelectField<number>
          label={TEXTS.startFrom}
          placeholder={TEXTS.startEmpty}
          options={roles.map((role) => ({ value: role.id, label: role.name }))}
          {...form.field('copy_from_role_id')}
          value={form.values.copy_from_role_id as number | ''}
        />
        <FormError message={form.formError} />
        <FormActions
          busy={form.submitting}
          submitLabel={TEXTS.create}
          busyLabel={TEXTS.creating}
          cancelLabel={TEXTS.cancel}
          onCancel={onClose}
        />
      </form>
    </Frame>
  );
}

function RenameRoleForm({
  role,
  onClose,
  onDone,
}: {
  role: RoleRow;
  onClose: () => void;
  onDone: (role: RoleRow) => void;
}) {
  const update = useUpdateRole();
  const form = useZodForm(UpdateRoleRequestSchema, {
    id: role.id,
    name: role.name,
    description: role.description,
  });
  const submit = form.handleSubmit(async (body) => onDone(await update.mutateAsync(body)));
  return (
    <Frame title={TEXTS.renameTitle(role.name)} busy={form.submitting} onClose={onClose}>
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-4">
        <TextField
          label={TEXTS.name}
          required
          autoComplete="off"
          initialFocus={!role.built_in}
          readOnly={role.built_in}
          hint={role.built_in ? TEXTS.builtInNameHint : undefined}
          {...form.field('name')}
        />
        <TextField
          label={TEXTS.description}
          hint={TEXTS.descriptionHint}
          autoComplete="off"
          initialFocus={role.built_in}
          {...form.field('description')}
          value={form.values.description ?? ''}
        />
        <FormError message={form.formError} />
        <FormActions
          busy={form.submitting}
          submitLabel={TEXTS.saveRole}
          busyLabel={TEXTS.savingRole}
          cancelLabel={TEXTS.cancel}
          onCancel={onClose}
        />
      </form>
    </Frame>
  );
}

/**
 * Add, copy or rename a role, checked with the schema the server checks the request with; a
 * taken name (409) shows beside the name field.
 */
export function RoleFormDialog({
  target,
  roles,
  onClose,
  onDone,
}: {
  target: RoleFormTarget;
  roles: readonly RoleRow[];
  onClose: () => void;
  onDone: (role: RoleRow, mode: RoleFormTarget['mode']) => void;
}) {
  if (target.mode === 'rename') {
    return (
      <RenameRoleForm
        role={target.role}
        onClose={onClose}
        onDone={(role) => onDone(role, 'rename')}
      />
    );
  }
  return (
    <AddRoleForm
      copyFrom={target.copyFrom}
      roles={roles}
      onClose={onClose}
      onDone={(role) => onDone(role, 'add')}
    />
  );
}
