import type { ServerContext } from '../../server-context';
import type { AiModule } from '../ai/ai-module';
import { ingestRoutes } from './ingest-routes';

/** The service API: client services push content with their API token. */
export function registerIngest(
  context: ServerContext,
  deps: { ai: Pick<AiModule, 'forService'> },
): void {
  ingestRoutes(context.http, { db: context.db, ai: deps.ai });
}
