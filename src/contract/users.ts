import { z } from 'zod';
import { okData } from './api';
import { defineEndpoint, needs } from './endpoint';
import {
  booleanFilterSchema,
  listQuerySchema,
  listResponseSchema,
  searchFilterSchema,
} from './list';
import { MAX_INT32, bodyIdSchema, idSchema, textSchema } from './validation';

/**
 * The /users screen: a server-paginated list of every account, and the calls that create, edit,
 * deactivate and reactivate accounts, reset a password and clear a sign-in lock. Every call
 * needs section_users, and every change writes an audit row in its own transaction.
 *
 * Rules the server keeps (and the screen explains):
 * - usernames and email addresses are unique without regard to case (409);
 * - nobody deactivates or changes the role of their own account, and the last active
 *   administrator cannot be deactivated or given another role (409);
 * - a user can only give a role, or manage an account, whose permissions they hold themselves,
 *   so section_users alone never leads to more access than one already has (403);
 * - a new account either gets an invitation mail with a link to choose a password (when the
 *   server sends mail, SMTP_URL set), or a one-time password shown once to the administrator,
 *   which the user must change at their first sign-in.
 */
export const MAX_CONTENT_MIN = 1;
export const MAX_CONTENT_MAX = 50;
/** How long the link of an invitation or of a reset sent by an administrator stays valid. */
export const INVITATION_LINK_LIFETIME_HOURS = 72;

export const USERNAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._@-]*$/;

export const usernameSchema = z
  .string({ error: 'Enter a username' })
  .trim()
  .min(1, 'Enter a username')
  .max(100, 'A username has at most 100 characters')
  .regex(
    USERNAME_PATTERN,
    'A username uses letters, digits and . _ @ - only, and starts with a letter or digit',
  );

const nameSchema = (what: string) =>
  textSchema(100, what)
    .transform((value) => value.trim())
    .default('');

/**
 * An email address, or none ('', null or absent: stored as null). Unique regardless of case.
 * Null is taken as well, so a parsed form can be sent again as it is.
 */
export const optionalEmailSchema = z
  .preprocess(
    (value) => value ?? '',
    z
      .string({ error: 'Enter a valid email address' })
      .trim()
      .max(254, 'An email address has at most 254 characters')
      .refine((value) => value === '' || z.email().safeParse(value).success, {
        message: 'Enter a valid email address',
      }),
  )
  .transform((value) => (value ? value : null));

export const maxContentSchema = z.coerce
  .number({ error: 'Max content must be a number' })
  .int('Max content must be a whole number')
  .min(MAX_CONTENT_MIN, `Max content is at least ${MAX_CONTENT_MIN}`)
  .max(MAX_CONTENT_MAX, `Max content is at most ${MAX_CONTENT_MAX}`);

const roleIdSchema = z.coerce
  .number({ error: 'Choose a role' })
  .int('Choose a role')
  .positive('Choose a role')
  .max(MAX_INT32, 'Choose a role');

/** A customer reads /customer-moderation for at most this many linked services. */
export const MAX_LINKED_SERVICES = 200;

/**
 * The services whose moderation history a customer reads on /customer-moderation (only for
 * users whose role holds section_customer_moderation; kept, and unused, for other roles).
 */
export const linkedServicesSchema = z
  .array(bodyIdSchema('service_ids'), { error: 'service_ids must be a list of service ids' })
  .max(MAX_LINKED_SERVICES, `A user is linked to at most ${MAX_LINKED_SERVICES} services`)
  .transform((ids) => [...new Set(ids)].sort((a, b) => a - b));

/** What the create and edit dialogs send; the same schema checks the form and the server. */
export const UserFormSchema = z.object({
  service_ids: linkedServicesSchema.default([]),
  username: usernameSchema,
  first_name: nameSchema('First name'),
  last_name: nameSchema('Last name'),
  email: optionalEmailSchema,
  role_id: roleIdSchema,
  max_content: maxContentSchema,
  is_batch_moderator: z.boolean({ error: 'Batch moderation must be yes or no' }),
});
export type UserFormInput = z.input<typeof UserFormSchema>;
export type UserForm = z.output<typeof UserFormSchema>;

export const CreateUserRequestSchema = UserFormSchema.extend({
  active: z.boolean({ error: 'Active must be yes or no' }).default(true),
});
export type CreateUserRequest = z.output<typeof CreateUserRequestSchema>;
export type CreateUserInput = z.input<typeof CreateUserRequestSchema>;

export const UserRowSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  role_id: z.number().int(),
  role: z.string(),
  max_content: z.number().int(),
  is_batch_moderator: z.boolean(),
  active: z.boolean(),
  /** Signed in with a one-time password that they have not changed yet (or never signed in). */
  must_change_password: z.boolean(),
  /** ISO 8601 of the last successful sign-in, or null. */
  last_sign_in_at: z.string().nullable(),
  /** Too many failed sign-ins: sign-in is refused until the lock runs out or is cleared. */
  locked: z.boolean(),
  /** Two-factor sign-in is on (an administrator can reset it). */
  two_factor_enabled: z.boolean(),
  created_at: z.string(),
  /** The services linked for /customer-moderation, sorted. */
  service_ids: z.array(z.number().int()),
});
export type UserRow = z.infer<typeof UserRowSchema>;

export const USER_SORTS = ['username', 'name', 'email', 'role', 'created', 'max_content'] as const;
export type UserSort = (typeof USER_SORTS)[number];

const userFilters = {
  search: searchFilterSchema,
  role_id: idSchema('role_id').optional(),
  active: booleanFilterSchema,
  batch: booleanFilterSchema,
};

export const UserListQuerySchema = listQuerySchema({
  sortable: USER_SORTS,
  defaultSort: 'username',
  defaultOrder: 'asc',
  filters: userFilters,
});
export type UserListQuery = z.input<typeof UserListQuerySchema>;

/** The CSV export takes the list's filters and sort, without paging. */
export const UserExportQuerySchema = z.object(userFilters);

/**
 * How the new user gets in: an invitation mail (when mail leaves the server), or a one-time
 * password that the administrator passes on; it is in this answer only and never stored.
 */
export const AccountAccessSchema = z.discriminatedUnion('method', [
  z.object({
    method: z.literal('mail'),
    email: z.string(),
    /** False when the mail server refused it: send a reset from the list once it works. */
    sent: z.boolean(),
  }),
  z.object({ method: z.literal('one_time_password'), password: z.string() }),
]);
export type AccountAccess = z.infer<typeof AccountAccessSchema>;

export const UserOptionsSchema = z.object({
  roles: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      /** The role holds section_customer_moderation: its users read their linked services. */
      reads_linked_services: z.boolean(),
    }),
  ),
  /** The services a user can be linked to. */
  services: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** The server sends mail (SMTP_URL set): new users get an invitation, resets go by mail. */
  mail_enabled: z.boolean(),
  /** What a new user's max content starts at: the default_max_content setting. */
  default_max_content: z.number().int(),
});
export type UserOptions = z.infer<typeof UserOptionsSchema>;

const userIdParams = z.object({ id: idSchema('id') });

export const USER_TEXTS = {
  title: 'Users',
  duplicateUsername: 'This username is taken (usernames are unique regardless of case).',
  duplicateEmail: 'Another user has this email address.',
  emailNeededForInvitation:
    'An email address is needed: the new user gets an invitation mail to choose a password.',
  emailNeededForReset: 'This user has no email address to send a reset link to.',
  ownAccountDeactivate: 'You cannot deactivate your own account.',
  ownRole: 'You cannot change the role of your own account.',
  lastAdmin: 'This is the last active administrator: make another user an active admin first.',
  unknownService: (id: number) => `There is no service with id ${id}.`,
} as const;

export const userEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/users/all',
    access: needs('section_users'),
    summary: 'One page of users with their role, mode, last sign-in and lock state',
    query: UserListQuerySchema,
    response: listResponseSchema(UserRowSchema),
  }),
  export: defineEndpoint({
    method: 'GET',
    path: '/api/users/export',
    access: needs('section_users'),
    summary: 'Every user of the current filter as CSV',
    query: UserExportQuerySchema,
    response: UserRowSchema,
    produces: 'csv',
  }),
  options: defineEndpoint({
    method: 'GET',
    path: '/api/users/options',
    access: needs('section_users'),
    summary: 'What the user dialogs offer: the roles, and whether the server sends mail',
    response: okData(UserOptionsSchema),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/users/create',
    access: needs('section_users'),
    summary: 'Create a user; they get an invitation mail or a one-time password',
    body: CreateUserRequestSchema,
    response: okData(z.object({ user: UserRowSchema, access: AccountAccessSchema })),
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/api/users/update/:id',
    access: needs('section_users'),
    summary: "Edit a user's name, email, role, max content and mode",
    params: userIdParams,
    body: UserFormSchema,
    response: okData(UserRowSchema),
  }),
  deactivate: defineEndpoint({
    method: 'POST',
    path: '/api/users/deactivate/:id',
    access: needs('section_users'),
    summary: 'Deactivate a user: sessions end, sockets close, held items return to the queue',
    params: userIdParams,
    response: okData(UserRowSchema),
  }),
  activate: defineEndpoint({
    method: 'POST',
    path: '/api/users/activate/:id',
    access: needs('section_users'),
    summary: 'Reactivate a user',
    params: userIdParams,
    response: okData(UserRowSchema),
  }),
  resetPassword: defineEndpoint({
    method: 'POST',
    path: '/api/users/reset-password/:id',
    access: needs('section_users'),
    summary: 'Mail a password reset link, or (without mail) set a one-time password',
    params: userIdParams,
    response: okData(z.object({ user: UserRowSchema, access: AccountAccessSchema })),
  }),
  unlock: defineEndpoint({
    method: 'POST',
    path: '/api/users/unlock/:id',
    access: needs('section_users'),
    summary: 'Clear the sign-in lock after too many failed attempts',
    params: userIdParams,
    response: okData(UserRowSchema),
  }),
};
