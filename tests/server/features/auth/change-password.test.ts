import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../support/test-server';

describe('changing one’s own password', () => {
  const server = useTestServer();

  it('refuses a wrong current password, naming the field, and changes nothing', async () => {
    const admin = await server.signIn('admin');
    const response = await admin.post('/api/users/me/password', {
      current_password: 'not-my-password',
      new_password: 'a-brand-new-password',
    });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({
      ok: false,
      fields: { current_password: 'The current password is not correct' },
    });
    await server.signIn('admin', 'demo');
  });

  it('needs the current password at all', async () => {
    const admin = await server.signIn('admin');
    const response = await admin.post('/api/users/me/password', {
      new_password: 'a-brand-new-password',
    });
    expect(response.status).toBe(422);
    expect(response.body.fields).toHaveProperty('current_password');
  });

  it('changes it, keeps this session, and signs out the other devices', async () => {
    const here = await server.signIn('developer');
    const elsewhere = await server.signIn('developer');
    const response = await here.post('/api/users/me/password', {
      current_password: 'demo',
      new_password: 'correct horse battery staple',
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true });

    expect((await here.get('/api/auth')).status).toBe(200);
    expect((await elsewhere.get('/api/auth')).status).toBe(401);
    const old = await server
      .client()
      .post('/auth/login', { username: 'developer', password: 'demo' });
    expect(old.status).toBe(401);
    await server.signIn('developer', 'correct horse battery staple');
  });

  it('needs a signed-in user', async () => {
    const response = await server.client().post('/api/users/me/password', {
      current_password: 'demo',
      new_password: 'a-brand-new-password',
    });
    expect(response.status).toBe(401);
  });
});
