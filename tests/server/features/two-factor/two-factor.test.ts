import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { authEndpoints } from '../../../../src/contract/auth';
import { roleEndpoints } from '../../../../src/contract/roles';
import { twoFactorEndpoints } from '../../../../src/contract/two-factor';
import { TWO_FACTOR_SETUP_PATH } from '../../../../src/contract/routes';
import { hashPassword } from '../../../../server/features/auth/password-hasher';
import { roleRequiresTwoFactorSql } from '../../../../server/features/two-factor/two-factor-policy';
import { createUser } from '../../../../server/features/users/user-repository';
import { SESSION_COOKIE } from '../../../../server/http/session';
import { auditRows, sessionFor } from '../../../support/people-fixtures';
import { parseSetCookie, type TestClient } from '../../../support/test-client';
import { useTestServer } from '../../../support/test-server';

const PASSWORD = 'correct horse battery';

/** The code of the step `offset` steps from now, as an authenticator app shows it. */
function codeFor(secret: string, offset = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + offset * 30_000 });
}

/** A code of the current window that is none of `taken`. */
function wrongCode(secret: string): string {
  const valid = new Set([-1, 0, 1].map((offset) => codeFor(secret, offset)));
  for (let n = 0; ; n += 1) {
    const code = String(n).padStart(6, '0');
    if (!valid.has(code)) return code;
  }
}

describe('two-factor sign-in', () => {
  const server = useTestServer();
  let counter = 0;

  /** A new user of `role` with a known password, signed in through the login call. */
  async function newUser(role = 'operator') {
    counter += 1;
    const username = `tf_${role}_${counter}`;
    const id = await createUser(server.db, {
      username,
      role,
      password_hash: await hashPassword(PASSWORD),
    });
    const client = await server.signIn(username, PASSWORD);
    return { id, username, client };
  }

  /** Sets up and confirms two-factor sign-in; answers the secret and the recovery codes. */
  async function enable(client: TestClient) {
    const setup = await client.callOk(twoFactorEndpoints.startSetup, {});
    const confirmed = await client.callOk(twoFactorEndpoints.confirmSetup, {
      body: { code: codeFor(setup.data.secret) },
    });
    return { secret: setup.data.secret, recoveryCodes: confirmed.data.recovery_codes };
  }

  /** The password step: answers the challenge (and checks no session came with it). */
  async function challengeFor(username: string) {
    const client = server.client();
    const login = await client.call(authEndpoints.login, {
      body: { username, password: PASSWORD },
    });
    expect(login.status).toBe(200);
    expect(login.setCookies.some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))).toBe(false);
    const body = login.body as { second_factor?: { challenge: string } };
    if (!body.second_factor) throw new Error(`no challenge: ${login.text}`);
    return { client, challenge: body.second_factor.challenge };
  }

  it('sets up with a QR code, then sign-in needs the code before any session exists', async () => {
    const { id, username, client } = await newUser();
    const setup = await client.callOk(twoFactorEndpoints.startSetup, {});
    expect(setup.data.uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(setup.data.qr_svg).toContain('<svg');
    // Not on until a code confirms it.
    expect((await client.callOk(twoFactorEndpoints.status, {})).data.enabled).toBe(false);
    const wrong = await client.call(twoFactorEndpoints.confirmSetup, {
      body: { code: wrongCode(setup.data.secret) },
    });
    expect(wrong.status).toBe(422);
    const confirmed = await client.callOk(twoFactorEndpoints.confirmSetup, {
      body: { code: codeFor(setup.data.secret) },
    });
    expect(confirmed.data.recovery_codes).toHaveLength(10);
    expect(new Set(confirmed.data.recovery_codes).size).toBe(10);
    const status = await client.callOk(twoFactorEndpoints.status, {});
    expect(status.data).toMatchObject({ enabled: true, recovery_codes_left: 10 });

    const { client: browser, challenge } = await challengeFor(username);
    expect((await browser.call(authEndpoints.currentUser, {})).status).toBe(401);
    const signedIn = await browser.callOk(twoFactorEndpoints.secondFactor, {
      body: { challenge, code: codeFor(setup.data.secret, 1) },
    });
    expect(signedIn.redirect).toBe('/moderation');
    const me = await browser.callOk(authEndpoints.currentUser, {});
    expect(me.data.username).toBe(username);

    // The challenge was spent with the session.
    const again = await server.client().call(twoFactorEndpoints.secondFactor, {
      body: { challenge, code: codeFor(setup.data.secret, 1) },
    });
    expect(again.status).toBe(410);

    const enabled = await auditRows(server.db, 'two_factor.enable');
    expect(enabled.some((row) => row.target_id === String(id))).toBe(true);
    const [history] = await server.db.query<{ success: boolean; count: number }>(
      `select bool_and(success) as success, count(*)::int as count from login_history
        where user_id = $1`,
      [id],
    );
    // The first sign-in (before setup) and the one with the code; the password step alone is
    // no line of its own.
    expect(history).toEqual({ success: true, count: 2 });
  });

  it('refuses a wrong code, keeps the challenge, and throttles after five', async () => {
    const { username, client } = await newUser();
    const { secret } = await enable(client);
    const { client: browser, challenge } = await challengeFor(username);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await browser.call(twoFactorEndpoints.secondFactor, {
        body: { challenge, code: wrongCode(secret) },
      });
      expect(wrong.status).toBe(401);
    }
    // Counted before checking: even the right code waits now.
    const held = await browser.call(twoFactorEndpoints.secondFactor, {
      body: { challenge, code: codeFor(secret, 1) },
    });
    expect(held.status).toBe(429);
    expect(held.headers.get('retry-after')).toBeTruthy();
    expect((held.body as { code: string }).code).toBe('rate_limited');
  });

  it('never accepts a code twice', async () => {
    const { username, client } = await newUser();
    const { secret } = await enable(client);
    const code = codeFor(secret, 1);
    const first = await challengeFor(username);
    await first.client.callOk(twoFactorEndpoints.secondFactor, {
      body: { challenge: first.challenge, code },
    });
    const second = await challengeFor(username);
    const replay = await second.client.call(twoFactorEndpoints.secondFactor, {
      body: { challenge: second.challenge, code },
    });
    expect(replay.status).toBe(401);
    // Nor an older one, still inside the clock-drift window.
    const older = await second.client.call(twoFactorEndpoints.secondFactor, {
      body: { challenge: second.challenge, code: codeFor(secret, 0) },
    });
    expect(older.status).toBe(401);
  });

  it('takes a recovery code once, whatever its case and dashes', async () => {
    const { id, username, client } = await newUser();
    const { recoveryCodes } = await enable(client);
    const code = recoveryCodes[3] ?? '';
    const first = await challengeFor(username);
    await first.client.callOk(twoFactorEndpoints.secondFactor, {
      body: { challenge: first.challenge, code: ` ${code.toUpperCase()} `, recovery: true },
    });
    const second = await challengeFor(username);
    const reused = await second.client.call(twoFactorEndpoints.secondFactor, {
      body: { challenge: second.challenge, code, recovery: true },
    });
    expect(reused.status).toBe(401);
    const status = await first.client.callOk(twoFactorEndpoints.status, {});
    expect(status.data.recovery_codes_left).toBe(9);
    const used = await auditRows(server.db, 'two_factor.recovery_used');
    expect(used.filter((row) => row.target_id === String(id))).toHaveLength(1);
  });

  it('gates a user whose role requires it until they have set it up', async () => {
    const admin = await sessionFor(server.db, server.baseUrl, 'admin');
    const role = await admin.client.callOk(roleEndpoints.add, {
      body: { name: `Guarded ${Date.now()}`, copy_from_role_id: undefined },
    });
    await admin.client.callOk(roleEndpoints.setPermissions, {
      body: { role_id: role.data.id, permissions: ['section_profile', 'section_dashboard'] },
    });
    const flagged = await admin.client.callOk(twoFactorEndpoints.setRoleRequirement, {
      body: { role_id: role.data.id, required: true },
    });
    expect(flagged.data.requires_two_factor).toBe(true);
    const [audit] = (await auditRows(server.db, 'role.two_factor')).slice(-1);
    expect(audit?.details).toMatchObject({ requires_two_factor: { from: false, to: true } });

    counter += 1;
    const username = `tf_guarded_${counter}`;
    await createUser(server.db, {
      username,
      role: role.data.name,
      password_hash: await hashPassword(PASSWORD),
    });
    const client = server.client();
    const login = await client.callOk(authEndpoints.login, {
      body: { username, password: PASSWORD },
    });
    expect(login).toEqual({ ok: true, redirect: TWO_FACTOR_SETUP_PATH });
    const me = await client.callOk(authEndpoints.currentUser, {});
    expect(me.data.two_factor_setup_required).toBe(true);
    const blocked = await client.call(authEndpoints.changePassword, {
      body: { current_password: PASSWORD, new_password: 'another long password' },
    });
    expect(blocked.status).toBe(403);
    expect((blocked.body as { code: string }).code).toBe('two_factor_required');
    // Cannot be switched off while the role requires it... only set up.
    expect((await client.callOk(twoFactorEndpoints.status, {})).data.required).toBe(true);

    await enable(client);
    const after = await client.callOk(authEndpoints.currentUser, {});
    expect(after.data.two_factor_setup_required).toBe(false);
    const open = await client.call(authEndpoints.changePassword, {
      body: { current_password: PASSWORD, new_password: 'another long password' },
    });
    expect(open.status).toBe(200);
  });

  it('turns off with the password or a code, and sign-in is a password again', async () => {
    const { id, username, client } = await newUser();
    const { secret } = await enable(client);
    const wrong = await client.call(twoFactorEndpoints.disable, {
      body: { password: 'not the password' },
    });
    expect(wrong.status).toBe(422);
    expect((wrong.body as { fields: Record<string, string> }).fields.password).toBeTruthy();
    const wrongCodeAnswer = await client.call(twoFactorEndpoints.disable, {
      body: { code: wrongCode(secret) },
    });
    expect(wrongCodeAnswer.status).toBe(422);
    const neither = await client.call(twoFactorEndpoints.disable, { body: {} });
    expect(neither.status).toBe(422);
    await client.callOk(twoFactorEndpoints.disable, { body: { code: codeFor(secret, 1) } });
    expect((await client.callOk(twoFactorEndpoints.status, {})).data.enabled).toBe(false);
    const login = await server.client().callOk(authEndpoints.login, {
      body: { username, password: PASSWORD },
    });
    expect(login).toEqual({ ok: true, redirect: '/moderation' });
    const disabled = await auditRows(server.db, 'two_factor.disable');
    expect(disabled.filter((row) => row.target_id === String(id))).toHaveLength(1);
  });

  it('makes new recovery codes: the old ones stop working', async () => {
    const { username, client } = await newUser();
    const { recoveryCodes } = await enable(client);
    const fresh = await client.callOk(twoFactorEndpoints.regenerateRecoveryCodes, {
      body: { password: PASSWORD },
    });
    expect(fresh.data.recovery_codes).toHaveLength(10);
    const { client: browser, challenge } = await challengeFor(username);
    const old = await browser.call(twoFactorEndpoints.secondFactor, {
      body: { challenge, code: recoveryCodes[0] ?? '', recovery: true },
    });
    expect(old.status).toBe(401);
    await browser.callOk(twoFactorEndpoints.secondFactor, {
      body: { challenge, code: fresh.data.recovery_codes[0] ?? '', recovery: true },
    });
    expect(await auditRows(server.db, 'two_factor.recovery_codes')).not.toHaveLength(0);
  });

  it('lets an administrator reset it for a user who lost their device', async () => {
    const { id, username, client } = await newUser();
    await enable(client);
    const operator = await sessionFor(server.db, server.baseUrl, 'operator');
    const refused = await operator.client.call(twoFactorEndpoints.adminReset, { params: { id } });
    expect(refused.status).toBe(403);
    const admin = await sessionFor(server.db, server.baseUrl, 'admin');
    const reset = await admin.client.callOk(twoFactorEndpoints.adminReset, { params: { id } });
    expect(reset.data.two_factor_enabled).toBe(false);
    const twice = await admin.client.call(twoFactorEndpoints.adminReset, { params: { id } });
    expect(twice.status).toBe(409);
    const login = await server.client().callOk(authEndpoints.login, {
      body: { username, password: PASSWORD },
    });
    expect('redirect' in login).toBe(true);
    const [row] = (await auditRows(server.db, 'two_factor.reset')).slice(-1);
    expect(row).toMatchObject({ actor_username: 'admin', target_id: String(id) });
  });

  it('answers 410 for an unknown challenge', async () => {
    const answer = await server.client().call(twoFactorEndpoints.secondFactor, {
      body: { challenge: 'no-such-challenge', code: '123456' },
    });
    expect(answer.status).toBe(410);
  });

  it('requires it by default for roles that can change users, roles or settings', async () => {
    // The test database is a demo one, whose default is off; a real one has no such setting.
    const rows = await server.db
      .transaction(async (tx) => {
        await tx.query(`delete from settings where key = 'two_factor_required_by_default'`);
        const answer = await tx.query<{ name: string; required: boolean }>(
          `select r.name, ${roleRequiresTwoFactorSql('r')} as required from roles r
            where r.name in ('admin', 'operator', 'customer') order by r.name`,
        );
        throw Object.assign(new Error('rollback'), { answer });
      })
      .catch((error: { answer?: unknown }) => error.answer);
    expect(rows).toEqual([
      { name: 'admin', required: true },
      { name: 'customer', required: false },
      { name: 'operator', required: false },
    ]);
  });
});

describe('two-factor sign-in behind https', () => {
  const server = useTestServer({
    env: { PUBLIC_URL: 'https://console.example.com', SESSION_ABSOLUTE_HOURS: '12' },
  });

  it('sets the __Host- session cookie at the second step, honouring "remember me"', async () => {
    const username = 'tf_https';
    const id = await createUser(server.db, {
      username,
      role: 'operator',
      password_hash: await hashPassword(PASSWORD),
    });
    const client = await server.signIn(username, PASSWORD);
    const setup = await client.callOk(twoFactorEndpoints.startSetup, {});
    await client.callOk(twoFactorEndpoints.confirmSetup, {
      body: { code: codeFor(setup.data.secret) },
    });
    // Two sign-ins would need two fresh steps: the second uses a recovery code instead.
    const confirmed = await server.db.query<{ count: number }>(
      'select count(*)::int as count from two_factor_recovery_codes where user_id = $1',
      [id],
    );
    expect(confirmed[0]?.count).toBe(10);

    const sessionCookie = (response: { setCookies: string[] }) => {
      const line = response.setCookies.find((cookie) => cookie.startsWith('__Host-mc_session='));
      return line === undefined ? undefined : parseSetCookie(line);
    };
    const remembered = server.client();
    const first = await remembered.callOk(authEndpoints.login, {
      body: { username, password: PASSWORD, remember: true },
    });
    if (!('second_factor' in first)) throw new Error('no challenge');
    const withCode = await remembered.call(twoFactorEndpoints.secondFactor, {
      body: { challenge: first.second_factor.challenge, code: codeFor(setup.data.secret, 1) },
    });
    expect(withCode.status).toBe(200);
    const cookie = sessionCookie(withCode);
    expect(cookie?.attributes.get('max-age')).toBe(String(12 * 3600));
    expect(cookie?.attributes.has('secure')).toBe(true);
    expect((await remembered.call(authEndpoints.currentUser, {})).status).toBe(200);

    const forgetful = server.client();
    const second = await forgetful.callOk(authEndpoints.login, {
      body: { username, password: PASSWORD },
    });
    if (!('second_factor' in second)) throw new Error('no challenge');
    const regenerated = await client.callOk(twoFactorEndpoints.regenerateRecoveryCodes, {
      body: { password: PASSWORD },
    });
    const withRecovery = await forgetful.call(twoFactorEndpoints.secondFactor, {
      body: {
        challenge: second.second_factor.challenge,
        code: regenerated.data.recovery_codes[0] ?? '',
        recovery: true,
      },
    });
    expect(withRecovery.status).toBe(200);
    expect(sessionCookie(withRecovery)?.attributes.has('max-age')).toBe(false);
  });
});
