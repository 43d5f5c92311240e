import { describe, expect, it } from 'vitest';
import type { TestResponse } from '../../support/test-client';
import { useTestServer, type ApiBody } from '../../support/test-server';

/** A failure the client can show: JSON, ok false, a message, and no stack trace anywhere. */
function expectCleanFailure(response: TestResponse<ApiBody>, status: number): void {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/json');
  expect(response.body.ok).toBe(false);
  expect(response.body.message).toEqual(expect.any(String));
  expect(response.text).not.toMatch(/\n\s+at |node_modules|\.ts:\d+/);
}

describe('bad input', () => {
  const server = useTestServer();

  it('answers malformed JSON with 400 and a message, not a 500', async () => {
    const response = await server
      .client()
      .post('/auth/login', undefined, { rawBody: '{"username": "admin", "password": ' });
    expectCleanFailure(response, 400);
    expect(response.body.message).toMatch(/JSON/);
  });

  it('names both missing fields with the SPEC messages', async () => {
    const response = await server.client().post('/auth/login', {});
    expectCleanFailure(response, 422);
    expect(response.body.fields).toEqual({
      username: 'Enter your username',
      password: 'Your password is required',
    });
    expect(response.body.message).toContain('username');
    expect(response.body.message).toContain('password');
  });

  it('names fields of the wrong type', async () => {
    const response = await server.client().post('/auth/login', { username: 42, password: true });
    expectCleanFailure(response, 422);
    expect(Object.keys(response.body.fields ?? {}).sort()).toEqual(['password', 'username']);
  });

  it('refuses a body that is not an object', async () => {
    const response = await server.client().post('/auth/login', ['admin', 'demo']);
    expectCleanFailure(response, 422);
  });

  it('refuses a body with no content type it understands', async () => {
    const response = await server.client().post('/auth/login', undefined, {
      rawBody: 'username=admin&password=demo',
      contentType: 'application/x-www-form-urlencoded',
    });
    expectCleanFailure(response, 415);
  });

  it('names a malformed email address', async () => {
    const response = await server.client().post('/auth/forgot-password', { email: 'not-an-email' });
    expectCleanFailure(response, 422);
    expect(response.body.fields).toEqual({ email: 'Enter a valid email address' });
  });

  it('names a missing reset token in the query string', async () => {
    const response = await server.client().get('/auth/reset-password');
    expectCleanFailure(response, 422);
    expect(response.body.fields).toHaveProperty('token');
  });

  it('names a new password that is too short', async () => {
    const admin = await server.signIn('admin');
    const response = await admin.post('/api/users/me/password', {
      current_password: 'demo',
      new_password: 'short',
    });
    expectCleanFailure(response, 422);
    expect(response.body.fields).toEqual({
      new_password: 'The new password needs at least 8 characters',
    });
  });

  it('answers an unknown API path with 404 JSON', async () => {
    const response = await server.client().get('/api/no-such-thing');
    expectCleanFailure(response, 404);
  });
});
