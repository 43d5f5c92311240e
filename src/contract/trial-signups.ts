import { z } from 'zod';
import { okData } from './api';
import { defineEndpoint, needs } from './endpoint';
import { listQuerySchema, listResponseSchema, searchFilterSchema } from './list';
import { bodyIdSchema, isoDateSchema, textSchema } from './validation';

/**
 * Trial sign-ups: the contact details a prospect leaves on the public trial pages or the product
 * tour (sent with `trialEndpoints.signup` of trials.ts, no sign-in), and the list administrators
 * read on /users, in its section USERS_SIGNUPS_TAB of routes.ts (section_users).
 */

export const SIGNUP_LIMITS = {
  name: 120,
  email: 254,
  company: 160,
  phone: 40,
  message: 2_000,
} as const;

export const SIGNUP_TEXTS = {
  nameRequired: 'Enter your name',
  emailInvalid: 'Enter a valid email address',
  consentRequired: 'Tick the box so that we may contact you',
  phoneFormat: 'Use digits, spaces and + ( ) - only',
} as const;

export const SignupBodySchema = z.strictObject({
  /** The brand page the prospect came from, if any ('' for none). */
  brand: z.string().max(200).default(''),
  name: textSchema(SIGNUP_LIMITS.name, 'The name').trim().min(1, SIGNUP_TEXTS.nameRequired),
  email: z
    .string({ error: SIGNUP_TEXTS.emailInvalid })
    .trim()
    .max(SIGNUP_LIMITS.email, SIGNUP_TEXTS.emailInvalid)
    .pipe(z.email({ error: SIGNUP_TEXTS.emailInvalid })),
  company: textSchema(SIGNUP_LIMITS.company, 'The company').trim().default(''),
  phone: textSchema(SIGNUP_LIMITS.phone, 'The phone number')
    .trim()
    .regex(/^[0-9+()\-. ]*$/, SIGNUP_TEXTS.phoneFormat)
    .default(''),
  message: textSchema(SIGNUP_LIMITS.message, 'The message').trim().default(''),
  consent: z.literal(true, { error: SIGNUP_TEXTS.consentRequired }),
});
export type SignupBody = z.input<typeof SignupBodySchema>;

export const SignupRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  company: z.string(),
  phone: z.string(),
  message: z.string(),
  /** The brand's slug while the brand exists; its name as it was, in any case. */
  brand_slug: z.string().nullable(),
  brand_name: z.string(),
  created_at: z.string(),
});
export type SignupRow = z.infer<typeof SignupRowSchema>;

const signupFilters = {
  search: searchFilterSchema,
  brand_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  from: isoDateSchema('from').optional(),
  to: isoDateSchema('to').optional(),
};

export const SignupListQuerySchema = listQuerySchema({
  sortable: ['created', 'name', 'email', 'company'],
  defaultSort: 'created',
  filters: signupFilters,
});
export type SignupSort = z.output<typeof SignupListQuerySchema>['sort'];
export const SignupExportQuerySchema = z.object(signupFilters);

export const SIGNUP_ADMIN_TEXTS = {
  notFound: (id: number) => `There is no sign-up with id ${id}.`,
} as const;

/** The sign-ups, for administrators on /users. */
export const trialSignupEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/trial-signups',
    access: needs('section_users'),
    summary: 'One page of the contact details prospects left on the trial pages',
    query: SignupListQuerySchema,
    response: listResponseSchema(SignupRowSchema),
  }),
  export: defineEndpoint({
    method: 'GET',
    path: '/api/trial-signups/export',
    access: needs('section_users'),
    summary: 'Every trial sign-up of the current filter as CSV',
    query: SignupExportQuerySchema,
    response: SignupRowSchema,
    produces: 'csv',
  }),
  remove: defineEndpoint({
    method: 'POST',
    path: '/api/trial-signups/delete',
    access: needs('section_users'),
    summary: 'Deletes a sign-up (a prospect asked to be forgotten)',
    body: z.object({ id: bodyIdSchema('id') }),
    response: okData(z.object({ id: z.number().int() })),
  }),
};
