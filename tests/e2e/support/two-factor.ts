/**
 * Two-factor steps of the browser tests: codes made as an authenticator app makes them, the
 * setup as a user does it (key read from the screen), and an administrator's role switch.
 */
import { expect, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { roleEndpoints } from '../../../src/contract/roles';
import { twoFactorEndpoints } from '../../../src/contract/two-factor';
import { TWO_FACTOR_UI_TEXTS } from '../../../src/features/two-factor/two-factor-texts';
import { signIn as signInClient } from '../../support/protocol';

/** The code of the step `offset` steps from now. */
export function codeFor(secret: string, offset = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + offset * 30_000 });
}

/** The key the setup step shows, without its grouping spaces. */
export async function shownKey(page: Page): Promise<string> {
  const key = page.getByTestId('two-factor-key');
  await expect(key).toHaveText(/[A-Z2-7 ]{16,}/);
  return ((await key.textContent()) ?? '').replace(/\s+/g, '');
}

/** Confirms the shown key with a code; leaves the recovery codes on screen. */
export async function confirmShownKey(page: Page): Promise<string> {
  const secret = await shownKey(page);
  await page.getByLabel(TWO_FACTOR_UI_TEXTS.code).fill(codeFor(secret));
  await page.getByRole('button', { name: TWO_FACTOR_UI_TEXTS.confirm }).click();
  await expect(
    page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem'),
  ).toHaveCount(10);
  return secret;
}

/** Ticks "saved" and leaves the recovery codes (Done or Continue). */
export async function leaveRecoveryCodes(page: Page): Promise<void> {
  const done = page.getByRole('button', {
    name: new RegExp(`^(${TWO_FACTOR_UI_TEXTS.done}|${TWO_FACTOR_UI_TEXTS.continue})$`),
  });
  await expect(done).toBeDisabled();
  await page.getByLabel(TWO_FACTOR_UI_TEXTS.saved).check();
  await done.click();
}

/** As the demo admin, through the API: users of `role` must sign in with two factors. */
export async function requireTwoFactor(baseUrl: string, role: string, required = true) {
  const admin = await signInClient(baseUrl, 'admin', 'demo');
  const roles = await admin.callOk(roleEndpoints.list, {});
  const found = roles.data.find((row) => row.name === role);
  if (!found) throw new Error(`no role ${role}`);
  await admin.callOk(twoFactorEndpoints.setRoleRequirement, {
    body: { role_id: found.id, required },
  });
}
