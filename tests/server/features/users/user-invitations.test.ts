import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_LINK_LIFETIME_HOURS, USER_TEXTS } from '../../../../src/contract/users';
import { auditRows, newUserBody, roleIdOf, sessionFor } from '../../../support/people-fixtures';
import { startSmtpServer } from '../../../support/smtp-server';
import { useTestServer } from '../../../support/test-server';
import { waitFor } from '../../../support/protocol';

const LINK = /\/reset-password\?token=([A-Za-z0-9_-]+)/;

describe('/users with mail (invitations and reset links)', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp?.close());
  const server = useTestServer({
    env: () => ({ SMTP_URL: `smtp://127.0.0.1:${smtp?.port}`, DEMO_FEEDER: '0' }),
  });

  /** The link of the last mail to `address`, soft line breaks of quoted-printable undone. */
  const linkTo = async (address: string): Promise<string> => {
    let token: string | undefined;
    await waitFor(() => {
      const mail = smtp?.inbox.filter((received) => received.to.includes(address)).at(-1);
      token = LINK.exec(mail?.data.replace(/=\r?\n/g, '').replace(/=3D/g, '=') ?? '')?.[1];
      return token !== undefined;
    }, `a mail with a link to ${address}`);
    return token ?? '';
  };

  it('invites a new user by mail with a link valid for 72 hours, and the link sets their password', async () => {
    const admin = await sessionFor(server.db, server.baseUrl, 'admin');
    const options = await admin.client.get<{ data: { mail_enabled: boolean } }>(
      '/api/users/options',
    );
    expect(options.body.data.mail_enabled).toBe(true);

    const operatorRole = await roleIdOf(server.db, 'operator');
    const noEmail = await admin.client.post(
      '/api/users/create',
      newUserBody(operatorRole, { email: '' }),
    );
    expect(noEmail.status).toBe(422);
    expect(noEmail.body.fields?.email).toBe(USER_TEXTS.emailNeededForInvitation);

    const created = await admin.client.post<{
      data: { user: { id: number; must_change_password: boolean }; access: unknown };
    }>(
      '/api/users/create',
      newUserBody(operatorRole, { username: 'invited', email: 'invited@example.com' }),
    );
    expect(created.status).toBe(200);
    expect(created.body.data.access).toEqual({
      method: 'mail',
      email: 'invited@example.com',
      sent: true,
    });
    expect(created.body.data.user.must_change_password).toBe(false);
    const token = await linkTo('invited@example.com');

    const [reset] = await server.db.query<{ hours: number }>(
      `select round(extract(epoch from expires_at - created_at) / 3600)::int as hours
         from password_resets where user_id = $1`,
      [created.body.data.user.id],
    );
    expect(reset?.hours).toBe(INVITATION_LINK_LIFETIME_HOURS);

    const check = await server.client().get(`/auth/reset-password?token=${token}`);
    expect(check.body).toEqual({ ok: true, data: { username: 'invited' } });
    const set = await server
      .client()
      .post('/auth/reset-password', { token, password: 'chosen by me' });
    expect(set.status).toBe(200);
    const login = await server
      .client()
      .post('/auth/login', { username: 'invited', password: 'chosen by me' });
    expect(login.body.redirect).toBe('/moderation');
    expect((await auditRows(server.db, 'user.create')).at(-1)?.details).toMatchObject({
      access: 'invitation',
    });
  });

  it('mails a reset link when an administrator asks for one, and refuses a user without email', async () => {
    const admin = await sessionFor(server.db, server.baseUrl, 'admin');
    const [customer] = await server.db.query<{ id: number }>(
      `select id from users where username = 'customer'`,
    );
    const response = await admin.client.post<{ data: { access: unknown } }>(
      `/api/users/reset-password/${customer?.id}`,
    );
    expect(response.status).toBe(200);
    expect(response.body.data.access).toEqual({
      method: 'mail',
      email: 'customer@example.com',
      sent: true,
    });
    const token = await linkTo('customer@example.com');
    expect((await server.client().get(`/auth/reset-password?token=${token}`)).status).toBe(200);
    // The old password still works until the link is used.
    expect(
      (await server.client().post('/auth/login', { username: 'customer', password: 'demo' }))
        .status,
    ).toBe(200);

    await server.db.query(`update users set email = null where username = 'demo'`);
    const [demo] = await server.db.query<{ id: number }>(
      `select id from users where username = 'demo'`,
    );
    const noEmail = await admin.client.post(`/api/users/reset-password/${demo?.id}`);
    expect(noEmail.status).toBe(409);
    expect(noEmail.body.message).toBe(USER_TEXTS.emailNeededForReset);
  });
});
