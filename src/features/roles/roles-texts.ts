import { ROLE_TEXTS } from '../../contract/roles';

/** The words of the /roles-and-permissions screen, one place for components and tests. */
export const ROLES_PAGE_TEXTS = {
  title: ROLE_TEXTS.title,
  rolesTitle: 'Roles',
  matrixTitle: 'Permissions',
  matrixCaption: 'Permissions of each role',
  matrixIntro:
    'Tick what each role may do. Screens are grouped as the navigation groups them; the actions inside a screen are listed under it. Changes take effect for signed-in users within seconds.',
  newRole: 'New role',
  loading: 'Loading roles',
  loadFailed: (message: string) => `Could not load the roles: ${message}`,
  columns: {
    role: 'Role',
    description: 'Description',
    users: 'Users',
    permissions: 'Permissions',
    twoFactor: 'Two-factor',
  },
  twoFactorColumn: 'Requires two-factor sign-in',
  twoFactorLabel: (role: string) => `Requires two-factor sign-in: ${role}`,
  twoFactorHint:
    'Users of this role sign in with a code from an authenticator app as well as their password. On by default for roles that can change users, roles or settings.',
  twoFactorSaved: (role: string, required: boolean) =>
    required
      ? `Users of ${role} now need two-factor sign-in`
      : `Users of ${role} no longer need two-factor sign-in`,
  builtIn: 'Built-in',
  builtInHint: 'A built-in role: the console recognises it by name',
  noDescription: '–',
  permissionColumn: 'Permission',
  rename: 'Rename',
  renameLabel: (role: string) => `Rename ${role}`,
  copy: 'Copy',
  copyLabel: (role: string) => `Copy ${role} into a new role`,
  delete: 'Delete',
  deleteLabel: (role: string) => `Delete ${role}`,
  cannotDeleteBuiltIn: ROLE_TEXTS.builtInDelete,
  cannotDeleteInUse: (users: number) =>
    `${users} user${users === 1 ? ' has' : 's have'} this role: give them another role first`,
  essentialHint: (role: string) =>
    `The built-in role ${role} needs this permission to work, so it cannot be removed.`,
  notHeldHint: 'You do not hold this permission, so you cannot grant or remove it.',
  roleBeyondYouHint: (role: string) =>
    `${role} has permissions you do not hold, so you cannot change it.`,
  cellLabel: (role: string, permission: string) => `${role}: ${permission}`,
  unsaved: (changes: number, roles: number) =>
    `${changes} unsaved change${changes === 1 ? '' : 's'} in ${roles} role${roles === 1 ? '' : 's'}`,
  noChanges: 'No unsaved changes',
  discard: 'Discard',
  save: 'Save changes',
  saving: 'Saving…',
  saved: (roles: readonly string[]) => `Saved the permissions of ${roles.join(', ')}`,
  saveFailed: (role: string, message: string) => `${role}: ${message}`,
  // Dialogs
  addTitle: 'New role',
  copyTitle: (role: string) => `Copy ${role}`,
  renameTitle: (role: string) => `Rename ${role}`,
  name: 'Name',
  description: 'Description',
  descriptionHint: 'One line about who has this role',
  startFrom: 'Start with the permissions of',
  startEmpty: 'No permissions',
  builtInNameHint: 'Built-in roles keep their names.',
  copyName: (role: string) => `${role} copy`,
  create: 'Create role',
  creating: 'Creating…',
  saveRole: 'Save',
  savingRole: 'Saving…',
  cancel: 'Cancel',
  created: (role: string) => `Role ${role} created`,
  renamed: (role: string) => `Saved ${role}`,
  deleteTitle: (role: string) => `Delete the role ${role}?`,
  deleteText: 'Nobody has this role. Deleting it cannot be undone.',
  deleting: 'Deleting…',
  deleted: (role: string) => `Role ${role} deleted`,
} as const;
