import { aiContentEndpoints, aiModerationEndpoints } from './ai-review';
import { aiServicesEndpoints } from './ai-services';
import { auditLogEndpoints } from './audit-log';
import { channelEndpoints } from './channels';
import { authEndpoints } from './auth';
import { ingestEndpoints, moderationEndpoints, statisticsEndpoints } from './content';
import { contentSenderEndpoints } from './content-sender';
import { contentToolEndpoints } from './content-tool';
import { dashboardEndpoints } from './dashboard';
import { demoEndpoints } from './demo';
import { deliveryEndpoints } from './delivery';
import { discardEndpoints } from './discard';
import type { Endpoint } from './endpoint';
import { healthEndpoints } from './health';
import { customerHistoryEndpoints, historyEndpoints } from './history';
import { loginHistoryEndpoints } from './login-history';
import { onlineUsersEndpoints } from './online-users';
import { poolEndpoints } from './pools';
import { chartEndpoints, reportEndpoints } from './reports';
import { roleEndpoints } from './roles';
import { sandboxEndpoints } from './sandbox';
import { serviceTokenEndpoints } from './service-tokens';
import { settingsEndpoints } from './settings';
import { serviceEndpoints } from './services';
import { subscriberEndpoints } from './subscribers';
import { trialSignupEndpoints } from './trial-signups';
import { trialBrandEndpoints, trialEndpoints } from './trials';
import { twoFactorEndpoints } from './two-factor';
import { userEndpoints } from './users';
import { wellbeingEndpoints } from './wellbeing';

/**
 * Every HTTP endpoint of the contract, for the tests that walk all of them (permission matrix,
 * fuzz) and for the generated API reference. A domain's endpoints join by being listed here.
 */
export const ALL_ENDPOINTS: readonly Endpoint[] = [
  ...Object.values(healthEndpoints),
  ...Object.values(authEndpoints),
  ...Object.values(ingestEndpoints),
  ...Object.values(contentSenderEndpoints),
  ...Object.values(moderationEndpoints),
  ...Object.values(channelEndpoints),
  ...Object.values(statisticsEndpoints),
  ...Object.values(dashboardEndpoints),
  ...Object.values(serviceTokenEndpoints),
  ...Object.values(onlineUsersEndpoints),
  ...Object.values(loginHistoryEndpoints),
  ...Object.values(auditLogEndpoints),
  ...Object.values(userEndpoints),
  ...Object.values(roleEndpoints),
  ...Object.values(twoFactorEndpoints),
  ...Object.values(settingsEndpoints),
  ...Object.values(serviceEndpoints),
  ...Object.values(subscriberEndpoints),
  ...Object.values(deliveryEndpoints),
  ...Object.values(poolEndpoints),
  ...Object.values(aiServicesEndpoints),
  ...Object.values(aiModerationEndpoints),
  ...Object.values(aiContentEndpoints),
  ...Object.values(reportEndpoints),
  ...Object.values(chartEndpoints),
  ...Object.values(historyEndpoints),
  ...Object.values(customerHistoryEndpoints),
  ...Object.values(contentToolEndpoints),
  ...Object.values(discardEndpoints),
  ...Object.values(sandboxEndpoints),
  ...Object.values(demoEndpoints),
  ...Object.values(trialEndpoints),
  ...Object.values(trialBrandEndpoints),
  ...Object.values(trialSignupEndpoints),
  ...Object.values(wellbeingEndpoints),
];
