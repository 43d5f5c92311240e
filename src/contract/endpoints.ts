import type { Endpoint } from './endpoint';
import { roleEndpoints } from './roles';
import { serviceTokenEndpoints } from './service-tokens';
import { userEndpoints } from './users';

/**
 * Every HTTP endpoint of the contract, for the tests that walk all of them (permission matrix,
 * fuzz) and for the generated API reference. A domain's endpoints join by being listed here.
 */
export const ALL_ENDPOINTS: readonly Endpoint[] = [
  ...Object.values(serviceTokenEndpoints),
  ...Object.values(userEndpoints),
  ...Object.values(roleEndpoints),
];
