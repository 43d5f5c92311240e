import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/test-server';

describe('the server', () => {
  const server = useTestServer();

  it('answers GET /healthz with ok', async () => {
    const response = await server.client().get('/healthz');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true, maintenance: false });
  });
});
