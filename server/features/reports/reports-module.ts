import type { PollingLoop } from '../../workers/polling-loop';
import type { DomainLifecycle, ServerContext } from '../../server-context';
import { reportRoutes } from './report-routes';
import { createRollupFolder } from './rollup-folder';

export interface ReportsModule extends DomainLifecycle {
  /** Adds the rollup journal to the rollups in the background (rollup-folder.ts). */
  folder: PollingLoop;
}

/**
 * Reports and charts: the read endpoints and saved reports, and the rollup folder, which adds
 * what the paths that write items append to the rollup journal (rollup-journal.ts) to the
 * rollups the reports and the AI agreement table read.
 */
export function registerReports(context: ServerContext): ReportsModule {
  reportRoutes(context);
  const folder = createRollupFolder(context.db, context.log, context.metrics);
  return {
    folder,
    start() {
      folder.start();
    },
    close: () => folder.stop(),
  };
}
