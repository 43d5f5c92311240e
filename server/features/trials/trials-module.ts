import type { ServerContext } from '../../server-context';
import type { AiModule } from '../ai/ai-module';
import { brandRoutes } from './brand-routes';
import { demoSandboxRoutes } from './demo-sandbox-routes';
import { publicTrialRoutes } from './public-trial-routes';
import { samplePictureRoutes } from './sample-pictures';
import { SampleSandbox } from './sandbox';
import { signupRoutes } from './signup-routes';

/**
 * Demo and trial: the demo role's private sandbox (/trial-page), the public trial pages of each
 * brand (/trial/<brand>, its text check and live counter), the sign-ups prospects leave, and the
 * administration of brands and sign-ups. All of it runs on sample content from the catalogue
 * (sample-sets.ts) and never touches the moderation queue or a service's deliveries.
 */
export function registerTrials(context: ServerContext, deps: { ai: AiModule }): void {
  const sandbox = new SampleSandbox();
  samplePictureRoutes(context.http);
  demoSandboxRoutes(context, sandbox);
  publicTrialRoutes(context, { sandbox, ai: deps.ai });
  brandRoutes(context, sandbox);
  signupRoutes(context);
}
