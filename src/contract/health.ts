import { z } from 'zod';
import { PUBLIC, defineEndpoint } from './endpoint';

/** For load balancers and process supervisors; answered even in maintenance. */
export const healthEndpoints = {
  health: defineEndpoint({
    method: 'GET',
    path: '/healthz',
    access: PUBLIC,
    summary: 'The server answers, and whether maintenance mode is on',
    response: z.object({ ok: z.literal(true), maintenance: z.boolean() }),
  }),
};
