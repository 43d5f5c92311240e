import { z } from 'zod';
import { OkSchema, okData } from './api';
import { PUBLIC, SIGNED_IN, defineEndpoint, needs } from './endpoint';
import { hasUnstorableCharacters } from './validation';
import { WellbeingPrefsSchema } from './wellbeing';

/** The signed-in user with their role, permissions and limits, as GET /api/auth returns it (SPEC §3). */
export const CurrentUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.string(),
  permissions: z.array(z.string()),
  max_content: z.number().int(),
  is_batch_moderator: z.boolean(),
  park_time: z.string().nullable(),
  /**
   * Signed in with a one-time password an administrator gave them: until they choose their own,
   * the server answers only the change-password call, and the console shows that form.
   */
  must_change_password: z.boolean(),
  /**
   * Their role requires two-factor sign-in and they have not set it up: until they have, the
   * server answers only the setup calls, and the console shows the setup screen.
   */
  two_factor_setup_required: z.boolean(),
  /**
   * Their wellbeing choices (./wellbeing.ts), answered by GET /api/auth so the console draws
   * media treated from the first frame. Absent elsewhere (sockets): the defaults.
   */
  wellbeing: WellbeingPrefsSchema.optional(),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

export const CurrentUserResponseSchema = okData(CurrentUserSchema);

const UNSTORABLE = 'contains characters that cannot be stored (NUL or broken Unicode)';
/** Refuses NUL and lone surrogates: PostgreSQL cannot compare or store them. */
const storable = (what: string) => ({
  check: (value: string) => !hasUnstorableCharacters(value),
  message: `${what} ${UNSTORABLE}`,
});

export const LOGIN_TEXTS = {
  title: 'MODERATION',
  usernameRequired: 'Enter your username',
  passwordRequired: 'Your password is required',
  invalidCredentials: 'Invalid username or password',
  rememberMe: 'Remember me',
} as const;

export const LoginRequestSchema = z.object({
  username: z
    .string({ error: LOGIN_TEXTS.usernameRequired })
    .trim()
    .min(1, LOGIN_TEXTS.usernameRequired)
    .max(100, 'A username has at most 100 characters')
    .refine(storable('The username').check, storable('The username').message),
  password: z
    .string({ error: LOGIN_TEXTS.passwordRequired })
    .min(1, LOGIN_TEXTS.passwordRequired)
    .max(1000, 'A password has at most 1000 characters')
    .refine(storable('The password').check, storable('The password').message),
  /** Keep the session cookie after the browser closes; without it the cookie ends with it. */
  remember: z.boolean().optional(),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

/**
 * Signed in (`redirect`: where to go), or the password was right and a second factor is needed:
 * no session yet, only a challenge to send with the code (`/auth/login/second-factor`).
 */
export const LoginResponseSchema = z.union([
  z.object({ ok: z.literal(true), redirect: z.string() }),
  z.object({
    ok: z.literal(true),
    second_factor: z.object({ challenge: z.string(), expires_in_seconds: z.number().int() }),
  }),
]);
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const FORGOT_PASSWORD_TEXTS = {
  title: 'MODERATION V2',
  hint: 'Enter the email address you used when you registered. We will email you a link to reset your password.',
  emailRequired: 'Email address is required',
  emailInvalid: 'Enter a valid email address',
  success: 'Password has been reset. Please check your email inbox or spam.',
} as const;

export const ForgotPasswordRequestSchema = z.object({
  email: z
    .string({ error: FORGOT_PASSWORD_TEXTS.emailRequired })
    .trim()
    .min(1, FORGOT_PASSWORD_TEXTS.emailRequired)
    .max(254)
    .refine(storable('The email address').check, storable('The email address').message)
    .pipe(z.email(FORGOT_PASSWORD_TEXTS.emailInvalid)),
});

/** OWASP ASVS: at least 8 characters, no composition rules, long passphrases allowed. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NewPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `The new password needs at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `The new password may have at most ${PASSWORD_MAX_LENGTH} characters`)
  .refine(storable('The new password').check, storable('The new password').message);

export const ResetPasswordRequestSchema = z.object({
  token: z
    .string()
    .min(1, 'The reset link is incomplete')
    .max(200)
    .refine(storable('The reset link').check, storable('The reset link').message),
  password: NewPasswordSchema,
});

export const ResetTokenStatusSchema = okData(z.object({ username: z.string() }));

/** Where sign-in leads a user who must replace a one-time password. */
export const CHANGE_PASSWORD_PATH = '/change-password';

export const ChangePasswordRequestSchema = z.object({
  current_password: z
    .string()
    .min(1, 'Enter your current password')
    .max(1000)
    .refine(storable('The current password').check, storable('The current password').message),
  new_password: NewPasswordSchema,
});

export const CsrfTokenResponseSchema = okData(z.string());

/**
 * Sign-in, sign-out, the password flows and the page's CSRF token. The sign-in and password-reset
 * calls are public by nature; the answers reveal nothing about which accounts exist.
 */
export const authEndpoints = {
  currentUser: defineEndpoint({
    method: 'GET',
    path: '/api/auth',
    access: SIGNED_IN,
    summary: 'The signed-in user with their role and permissions',
    openWhileChoosingPassword: true,
    openWhileSettingUpTwoFactor: true,
    response: CurrentUserResponseSchema,
  }),
  login: defineEndpoint({
    method: 'POST',
    path: '/auth/login',
    access: PUBLIC,
    summary: 'Sign in: sets the session cookie and answers where to go',
    body: LoginRequestSchema,
    response: LoginResponseSchema,
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/auth/logout',
    access: PUBLIC,
    summary: 'Sign out: ends the session of this cookie, if any',
    response: OkSchema,
  }),
  forgotPassword: defineEndpoint({
    method: 'POST',
    path: '/auth/forgot-password',
    access: PUBLIC,
    summary: 'Mail a password-reset link; the same answer whether or not the address is known',
    body: ForgotPasswordRequestSchema,
    response: OkSchema,
  }),
  resetTokenStatus: defineEndpoint({
    method: 'GET',
    path: '/auth/reset-password',
    access: PUBLIC,
    summary: 'Whether a reset link still works, and for which username',
    query: ResetPasswordRequestSchema.pick({ token: true }),
    response: ResetTokenStatusSchema,
  }),
  resetPassword: defineEndpoint({
    method: 'POST',
    path: '/auth/reset-password',
    access: PUBLIC,
    summary: "Set a new password with a reset link; ends the user's other sessions",
    body: ResetPasswordRequestSchema,
    response: OkSchema,
  }),
  changePassword: defineEndpoint({
    method: 'POST',
    path: '/api/users/me/password',
    access: needs('section_profile'),
    summary: "Change one's own password; other devices are signed out",
    openWhileChoosingPassword: true,
    body: ChangePasswordRequestSchema,
    response: OkSchema,
  }),
  csrfToken: defineEndpoint({
    method: 'GET',
    path: '/api/csrf-token',
    access: PUBLIC,
    summary: "A fresh CSRF token for the page's state-changing calls",
    response: CsrfTokenResponseSchema,
  }),
};
