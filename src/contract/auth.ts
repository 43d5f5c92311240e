import { z } from 'zod';
import { okData } from './api';

/** SPEC §3 User, as GET /api/auth returns it. */
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
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

export const CurrentUserResponseSchema = okData(CurrentUserSchema);

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
    .max(100, 'A username has at most 100 characters'),
  password: z
    .string({ error: LOGIN_TEXTS.passwordRequired })
    .min(1, LOGIN_TEXTS.passwordRequired)
    .max(1000, 'A password has at most 1000 characters'),
  /** Keep the session cookie after the browser closes; without it the cookie ends with it. */
  remember: z.boolean().optional(),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const LoginResponseSchema = z.object({ ok: z.literal(true), redirect: z.string() });

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
    .pipe(z.email(FORGOT_PASSWORD_TEXTS.emailInvalid)),
});

/** OWASP ASVS: at least 8 characters, no composition rules, long passphrases allowed. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NewPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `The new password needs at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `The new password may have at most ${PASSWORD_MAX_LENGTH} characters`);

export const ResetPasswordRequestSchema = z.object({
  token: z.string().min(1, 'The reset link is incomplete').max(200),
  password: NewPasswordSchema,
});

export const ResetTokenStatusSchema = okData(z.object({ username: z.string() }));

export const ChangePasswordRequestSchema = z.object({
  current_password: z.string().min(1, 'Enter your current password').max(1000),
  new_password: NewPasswordSchema,
});
