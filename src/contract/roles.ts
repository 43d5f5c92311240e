import { z } from 'zod';
import { okData } from './api';
import { defineEndpoint, needs } from './endpoint';
import { ALL_PERMISSIONS, type Permission } from './permissions';
import { MAX_INT32, idSchema, textSchema } from './validation';

/**
 * The /roles-and-permissions screen: roles with their user counts and permissions, and the
 * calls that add, rename, copy and delete roles and set a role's permissions. Every call needs
 * section_roles_and_permissions and every change writes an audit row in its own transaction.
 *
 * Rules the server keeps:
 * - role names are unique regardless of case (409);
 * - built-in roles (admin, developer, operator, customer, demo) keep their names, cannot be
 *   deleted and keep their essential permissions (ESSENTIAL_PERMISSIONS in permissions.ts);
 * - a role that users have cannot be deleted (409);
 * - nobody grants a permission they do not hold themselves (403);
 * - a change reaches signed-in users of the role within seconds: the server checks permissions
 *   on every request, and their console reloads the user and its navigation.
 */
export const RoleNameSchema = z
  .string({ error: 'Enter a role name' })
  .trim()
  .min(1, 'Enter a role name')
  .max(50, 'A role name has at most 50 characters')
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9 _-]*$/,
    'A role name uses letters, digits, spaces, _ and - only, and starts with a letter or digit',
  );

const descriptionSchema = textSchema(200, 'The description')
  .transform((value) => value.trim())
  .default('');

const roleIdSchema = (what: string) =>
  z.coerce.number({ error: what }).int(what).positive(what).max(MAX_INT32, what);

export const AddRoleRequestSchema = z.object({
  name: RoleNameSchema,
  description: descriptionSchema,
  /** Start with the permissions of this role (copy); absent: no permissions. */
  copy_from_role_id: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    roleIdSchema('Choose the role to copy').optional(),
  ),
});
export type AddRoleInput = z.input<typeof AddRoleRequestSchema>;

export const UpdateRoleRequestSchema = z.object({
  id: idSchema('id'),
  name: RoleNameSchema,
  description: descriptionSchema,
});
export type UpdateRoleInput = z.input<typeof UpdateRoleRequestSchema>;

export const DeleteRoleRequestSchema = z.object({ id: idSchema('id') });

const permissionNameSchema = z
  .string()
  .refine((value): value is Permission => (ALL_PERMISSIONS as readonly string[]).includes(value), {
    message: 'Unknown permission',
  });

export const SetPermissionsRequestSchema = z.object({
  role_id: roleIdSchema('Choose a role'),
  /** The role's whole permission list after the change. */
  permissions: z
    .array(permissionNameSchema, { error: 'permissions must be a list' })
    .max(ALL_PERMISSIONS.length * 2, 'Too many permissions')
    .transform((list) => [...new Set(list)] as Permission[]),
});
export type SetPermissionsInput = z.input<typeof SetPermissionsRequestSchema>;

export const RoleRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  built_in: z.boolean(),
  users: z.number().int(),
  permissions: z.array(z.string()),
  /** What this role cannot lose (built-in roles only). */
  essential_permissions: z.array(z.string()),
  /**
   * Its users must sign in with two factors. Unless an administrator chose, this is on for
   * roles that can change users, roles or settings.
   */
  requires_two_factor: z.boolean(),
});
export type RoleRow = z.infer<typeof RoleRowSchema>;

export const ROLE_TEXTS = {
  title: 'Roles and Permissions',
  duplicateName: 'There is already a role with this name (names are unique regardless of case).',
  builtInRename: 'Built-in roles keep their names: the console recognises them by name.',
  builtInDelete: 'Built-in roles cannot be deleted.',
  inUse: (users: number) =>
    `This role cannot be deleted: ${users} user${users === 1 ? ' has' : 's have'} it. Give them another role first.`,
  essential: (role: string, missing: readonly string[]) =>
    `The role ${role} needs ${missing.join(', ')} to work; these cannot be removed.`,
} as const;

export const roleEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/roles/all',
    access: needs('section_roles_and_permissions'),
    summary: 'Every role with its number of users and its permissions',
    response: okData(z.array(RoleRowSchema)),
  }),
  add: defineEndpoint({
    method: 'POST',
    path: '/api/roles/add-role',
    access: needs('section_roles_and_permissions'),
    summary: 'Add a role, empty or with the permissions of another role',
    body: AddRoleRequestSchema,
    response: okData(RoleRowSchema),
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/api/roles/update-role',
    access: needs('section_roles_and_permissions'),
    summary: 'Rename a role or change its description',
    body: UpdateRoleRequestSchema,
    response: okData(RoleRowSchema),
  }),
  remove: defineEndpoint({
    method: 'POST',
    path: '/api/roles/delete-role',
    access: needs('section_roles_and_permissions'),
    summary: 'Delete a role that no user has',
    body: DeleteRoleRequestSchema,
    response: okData(z.object({ id: z.number().int() })),
  }),
  setPermissions: defineEndpoint({
    method: 'POST',
    path: '/api/permissions/add-permissions',
    access: needs('section_roles_and_permissions'),
    summary: "Set a role's permissions (the whole list)",
    body: SetPermissionsRequestSchema,
    response: okData(RoleRowSchema),
  }),
};
