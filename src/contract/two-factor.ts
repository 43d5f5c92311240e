import { z } from 'zod';
import { OkSchema, okData } from './api';
import { SIGNED_IN, defineEndpoint, needs } from './endpoint';
import { RoleRowSchema } from './roles';
import { UserRowSchema } from './users';
import { idSchema, textSchema } from './validation';

/**
 * Two-factor sign-in: a time-based one-time password (TOTP, RFC 6238: six digits, 30-second
 * steps, SHA-1, the settings every authenticator app understands) and ten single-use recovery
 * codes for a lost device.
 *
 * Rules the server keeps:
 * - setup counts only once a code from the app is confirmed; the recovery codes are shown
 *   once, at confirmation and at regeneration, and stored as hashes;
 * - a code is accepted one step early or late (clock drift), and never twice;
 * - sign-in with a correct password answers a challenge instead of a session; the challenge
 *   lives 5 minutes and is spent by the first correct code; wrong codes are throttled;
 * - a role may require two-factor sign-in (RoleRow.requires_two_factor); a user of such a role
 *   without it is signed in to set it up and nothing else (`two_factor_required`);
 * - turning it off needs the password or a code; an administrator may reset it for a user who
 *   lost their device. Every change writes an audit row.
 *
 * The setup screen's path is TWO_FACTOR_SETUP_PATH of routes.ts.
 */

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
export const CHALLENGE_MINUTES = 5;

export const TWO_FACTOR_TEXTS = {
  codeRequired: 'Enter the 6-digit code from your authenticator app',
  codeFormat: 'The code is 6 digits',
  recoveryRequired: 'Enter one of your recovery codes',
  wrongCode: 'That code is not correct, or it was already used. Try the next one.',
  challengeGone: 'The sign-in took too long. Enter your username and password again.',
  notPending: 'Start the setup first: there is no key waiting for a code.',
  alreadyEnabled: 'Two-factor sign-in is already on.',
  notEnabled: 'Two-factor sign-in is not on.',
  verifyRequired: 'Enter your password or a code from your authenticator app',
  wrongPassword: 'The password is not correct',
  setupRequired:
    'Your role requires two-factor sign-in. Set it up to continue: nothing else opens until you have.',
  throttled: (seconds: number) => {
    const minutes = Math.ceil(seconds / 60);
    return `Too many wrong codes. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
  },
} as const;

/** Six digits; spaces a user may type between groups are dropped. */
export const TotpCodeSchema = z
  .string({ error: TWO_FACTOR_TEXTS.codeRequired })
  .max(20, TWO_FACTOR_TEXTS.codeFormat)
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, TWO_FACTOR_TEXTS.codeRequired)
      .regex(/^\d{6}$/, TWO_FACTOR_TEXTS.codeFormat),
  );

/** A recovery code as the user copies it: case, spaces and dashes do not matter. */
export const RecoveryCodeSchema = textSchema(64, 'The recovery code')
  .transform((value) => value.replace(/[\s-]+/g, '').toLowerCase())
  .pipe(z.string().min(1, TWO_FACTOR_TEXTS.recoveryRequired));

export const TwoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** ISO 8601 of the confirmation, or null. */
  enabled_at: z.string().nullable(),
  /** Unused recovery codes left. */
  recovery_codes_left: z.number().int(),
  /** The user's role requires it: it cannot stay off. */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

export const TwoFactorSetupSchema = z.object({
  /** The otpauth:// URI the QR code holds. */
  uri: z.string(),
  /** The secret in base32, for typing into an app by hand. */
  secret: z.string(),
  /** The QR code as an SVG document. */
  qr_svg: z.string(),
});
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupSchema>;

export const RecoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });

export const ConfirmSetupRequestSchema = z.object({ code: TotpCodeSchema });

/** Proof it is the owner at the keyboard: the password, or a current code from the app. */
export const VerifyRequestSchema = z
  .object({
    password: textSchema(1000, 'The password').optional(),
    code: TotpCodeSchema.optional(),
  })
  .refine((value) => Boolean(value.password) || Boolean(value.code), {
    message: TWO_FACTOR_TEXTS.verifyRequired,
    path: ['password'],
  });
export type VerifyRequest = z.input<typeof VerifyRequestSchema>;

export const SecondFactorRequestSchema = z.object({
  challenge: textSchema(200, 'The challenge').pipe(
    z.string().min(1, TWO_FACTOR_TEXTS.challengeGone),
  ),
  /** A six-digit code, or with `recovery` one of the recovery codes. */
  code: textSchema(64, 'The code').pipe(z.string().trim().min(1, TWO_FACTOR_TEXTS.codeRequired)),
  recovery: z.boolean().default(false),
});
export type SecondFactorRequest = z.input<typeof SecondFactorRequestSchema>;

export const SecondFactorResponseSchema = z.object({ ok: z.literal(true), redirect: z.string() });

export const SetRoleTwoFactorRequestSchema = z.object({
  role_id: idSchema('role_id'),
  required: z.boolean({ error: 'required must be true or false' }),
});

export const twoFactorEndpoints = {
  status: defineEndpoint({
    method: 'GET',
    path: '/api/two-factor',
    access: SIGNED_IN,
    summary: 'Whether two-factor sign-in is on for me, and how many recovery codes are left',
    openWhileSettingUpTwoFactor: true,
    response: okData(TwoFactorStatusSchema),
  }),
  startSetup: defineEndpoint({
    method: 'POST',
    path: '/api/two-factor/setup',
    access: SIGNED_IN,
    summary: 'A new authenticator key with its QR code; counts once a code confirms it',
    openWhileSettingUpTwoFactor: true,
    response: okData(TwoFactorSetupSchema),
  }),
  confirmSetup: defineEndpoint({
    method: 'POST',
    path: '/api/two-factor/confirm',
    access: SIGNED_IN,
    summary: 'Turn two-factor sign-in on with a code from the app; answers the recovery codes once',
    openWhileSettingUpTwoFactor: true,
    body: ConfirmSetupRequestSchema,
    response: okData(RecoveryCodesSchema),
  }),
  disable: defineEndpoint({
    method: 'POST',
    path: '/api/two-factor/disable',
    access: SIGNED_IN,
    summary: 'Turn two-factor sign-in off, with the password or a code',
    body: VerifyRequestSchema,
    response: OkSchema,
  }),
  regenerateRecoveryCodes: defineEndpoint({
    method: 'POST',
    path: '/api/two-factor/recovery-codes',
    access: SIGNED_IN,
    summary: 'Ten new recovery codes (the old ones stop working), with the password or a code',
    body: VerifyRequestSchema,
    response: okData(RecoveryCodesSchema),
  }),
  secondFactor: defineEndpoint({
    method: 'POST',
    path: '/auth/login/second-factor',
    access: { kind: 'public' },
    summary: 'Second sign-in step: the challenge and a code; sets the session cookie',
    body: SecondFactorRequestSchema,
    response: SecondFactorResponseSchema,
  }),
  adminReset: defineEndpoint({
    method: 'POST',
    path: '/api/users/reset-two-factor/:id',
    access: needs('section_users'),
    summary: "Turn off a user's two-factor sign-in (a lost device); their sessions end",
    params: z.object({ id: idSchema('id') }),
    response: okData(UserRowSchema),
  }),
  setRoleRequirement: defineEndpoint({
    method: 'POST',
    path: '/api/roles/two-factor',
    access: needs('section_roles_and_permissions'),
    summary: 'Whether users of a role must sign in with two factors',
    body: SetRoleTwoFactorRequestSchema,
    response: okData(RoleRowSchema),
  }),
};
