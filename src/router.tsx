import { createRouter } from '@tanstack/react-router';
import { queryClient } from './lib/query-client';
import { parseSearchParams, stringifySearchParams } from './lib/search-params';
import { homeRoute, profileRoute } from './routes/app-pages';
import { auditLogRoute, loginHistoryRoute, onlineUsersRoute } from './routes/activity-routes';
import { aggregatorRoute } from './routes/aggregator-routes';
import { aiContentRoute, aiModerationRoute, aiServicesRoute } from './routes/ai-routes';
import { appRoute } from './routes/app-route';
import {
  callsRoute,
  chatRoute,
  inboxRoute,
  socialRoute,
  voiceRoute,
} from './routes/channel-routes';
import { trialBrandsRoute, trialPageRoute } from './routes/demo-routes';
import { customerModerationRoute, modHistoryRoute } from './routes/history-routes';
import { moderationRoute, parkRoute } from './routes/moderation-routes';
import { dashboardRoute, serviceTokensRoute } from './routes/operations-routes';
import { rolesRoute, usersRoute } from './routes/people-routes';
import { settingsRoute } from './routes/settings-routes';
import { poolsRoute } from './routes/pools-routes';
import { chartsRoute, reportsRoute } from './routes/report-routes';
import {
  choosePasswordRoute,
  twoFactorSetupRoute,
  forgotPasswordRoute,
  loginRoute,
  resetPasswordRoute,
} from './routes/public-routes';
import {
  productTourRoute,
  trialCounterRoute,
  trialSandboxRoute,
  trialSignedUpRoute,
  trialTextRoute,
} from './routes/public-trial-routes';
import { rootRoute } from './routes/root-route';
import { servicesRoute, subscribersRoute } from './routes/services-routes';
import {
  contentSenderRoute,
  contentToolRoute,
  discardRoute,
  sandboxRoute,
} from './routes/tools-routes';

const routeTree = rootRoute.addChildren([
  loginRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  choosePasswordRoute,
  twoFactorSetupRoute,
  trialSandboxRoute,
  trialTextRoute,
  trialCounterRoute,
  trialSignedUpRoute,
  productTourRoute,
  appRoute.addChildren([
    homeRoute,
    profileRoute,
    moderationRoute,
    parkRoute,
    chatRoute,
    inboxRoute,
    socialRoute,
    callsRoute,
    voiceRoute,
    contentSenderRoute,
    contentToolRoute,
    discardRoute,
    sandboxRoute,
    dashboardRoute,
    serviceTokensRoute,
    aggregatorRoute,
    onlineUsersRoute,
    loginHistoryRoute,
    auditLogRoute,
    usersRoute,
    rolesRoute,
    settingsRoute,
    servicesRoute,
    subscribersRoute,
    poolsRoute,
    aiServicesRoute,
    aiModerationRoute,
    aiContentRoute,
    reportsRoute,
    chartsRoute,
    modHistoryRoute,
    customerModerationRoute,
    trialPageRoute,
    trialBrandsRoute,
  ]),
]);

export const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  scrollRestoration: true,
  parseSearch: parseSearchParams,
  stringifySearch: stringifySearchParams,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
