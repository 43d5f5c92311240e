import type { ServerContext } from '../../server-context';
import type { AiProvider } from '../ai/ai-provider';
import { ingestRoutes } from './ingest-routes';

/** The service API: client services push content with their API token. */
export function registerIngest(context: ServerContext, deps: { ai: AiProvider }): void {
  ingestRoutes(context.http, { db: context.db, ai: deps.ai });
}
