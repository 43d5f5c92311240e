import { auditLogEndpoints } from './audit-log';
import type { Endpoint } from './endpoint';
import { loginHistoryEndpoints } from './login-history';
import { onlineUsersEndpoints } from './online-users';
import { serviceTokenEndpoints } from './service-tokens';

/**
 * Every HTTP endpoint of the contract, for the tests that walk all of them (permission matrix,
 * fuzz) and for the generated API reference. A domain's endpoints join by being listed here.
 */
export const ALL_ENDPOINTS: readonly Endpoint[] = [
  ...Object.values(serviceTokenEndpoints),
  ...Object.values(onlineUsersEndpoints),
  ...Object.values(loginHistoryEndpoints),
  ...Object.values(auditLogEndpoints),
];
