import type { AiServiceChoice } from '../../../src/contract/ai-services';
import type { AiProvider } from './ai-provider';

/**
 * Which provider answers for a service (services.ai_provider): 'none' no AI step (null),
 * 'local' the built-in one even when a remote one is configured, 'default' the configured one.
 */
export function providerFor(
  choice: AiServiceChoice,
  providers: { configured: AiProvider; local: AiProvider },
): AiProvider | null {
  if (choice === 'none') return null;
  return choice === 'local' ? providers.local : providers.configured;
}
