import { beforeAll, describe, expect, it } from 'vitest';
import { endpointPath, type Endpoint } from '../../../../src/contract/endpoint';
import { ROLE_PERMISSIONS } from '../../../../src/contract/permissions';
import { roleEndpoints } from '../../../../src/contract/roles';
import { userEndpoints } from '../../../../src/contract/users';
import { sessionFor, type SignedInUser } from '../../../support/people-fixtures';
import { useTestServer } from '../../../support/test-server';

/**
 * Every /users and /roles-and-permissions endpoint of the contract, called by every demo role:
 * a role without the endpoint's permission gets 403 (and no data), a role with it does not; and
 * nobody signed in gets 401. The access check runs before the input is read, so any input does.
 */
const ENDPOINTS: Endpoint[] = [...Object.values(userEndpoints), ...Object.values(roleEndpoints)];
const DEMO_USERS = ['admin', 'developer', 'operator', 'customer', 'demo'] as const;

function call(user: SignedInUser | undefined, endpoint: Endpoint, client = user?.client) {
  const path = endpoint.path.includes(':')
    ? endpointPath(endpoint, { id: 999_999 })
    : endpoint.path;
  if (!client) throw new Error('no client');
  return endpoint.method === 'GET' ? client.get(path) : client.request(endpoint.method, path, {});
}

describe('people and access: permissions of every endpoint × every demo role', () => {
  const server = useTestServer({ env: { DEMO_FEEDER: '0' } });
  const users = new Map<string, SignedInUser>();

  beforeAll(async () => {
    for (const username of DEMO_USERS) {
      users.set(username, await sessionFor(server.db, server.baseUrl, username));
    }
  });

  for (const endpoint of ENDPOINTS) {
    const access = endpoint.access;
    if (access.kind !== 'permission') throw new Error(`${endpoint.path} should need a permission`);
    for (const username of DEMO_USERS) {
      const holds = access.permissions.some((permission) =>
        (ROLE_PERMISSIONS[username] ?? []).includes(permission),
      );
      it(`${endpoint.method} ${endpoint.path} as ${username}: ${holds ? 'allowed' : '403'}`, async () => {
        const response = await call(users.get(username), endpoint);
        if (holds) {
          expect(response.status).not.toBe(403);
          expect(response.status).not.toBe(401);
        } else {
          expect(response.status).toBe(403);
          expect(response.body).toMatchObject({ ok: false, code: 'forbidden' });
        }
      });
    }
    it(`${endpoint.method} ${endpoint.path} without a session: 401`, async () => {
      const response = await call(undefined, endpoint, server.client());
      expect(response.status).toBe(401);
    });
  }
});
