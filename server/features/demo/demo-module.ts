import type { DomainLifecycle, ServerContext } from '../../server-context';
import { seedDemoBrands } from './demo-brands';
import { startDemoFeeder, type DemoFeeder } from './demo-feeder';
import { demoMediaRoutes } from './demo-media';
import { keepDemoOnPasswords } from '../two-factor/two-factor-policy';
import { seedDemoUsers } from './demo-seed';
import { seedDemoServices, type SeededServices } from './demo-services';

export interface DemoMode extends DomainLifecycle {
  /** Whether this start created the demo users (the database had none). */
  seededUsers: boolean;
  /** The demo services' raw tokens when this start created them: only hashes are stored. */
  seededServices: SeededServices | undefined;
}

/**
 * Demo mode (SEED_DEMO), wired in one place: a user per role, two client services with tokens
 * whose callbacks are the built-in receiver (started by app.ts in every mode, as the Dev Box
 * uses it too), two trial brands for the public trial pages, and once the server listens, a
 * feeder that keeps the
 * queue topped up through the real ingest API (off with DEMO_FEEDER=0). The demo media are
 * served in every mode: items the feeder once pushed keep their pictures and clips.
 */
export async function registerDemo(context: ServerContext): Promise<DemoMode> {
  const { http, db, config, log } = context;
  await demoMediaRoutes(http);
  if (!config.seedDemo) {
    return { seededUsers: false, seededServices: undefined };
  }
  const seededUsers = await seedDemoUsers(db, config.demoPassword);
  // Also for a demo database seeded before two-factor sign-in existed.
  await keepDemoOnPasswords(db);
  const seededServices = await seedDemoServices(db);
  await seedDemoBrands(db);
  let feeder: DemoFeeder | undefined;
  let closed = false;
  return {
    seededUsers,
    seededServices,
    async listening(address) {
      if (!config.demoFeeder || closed) return;
      const host = ['0.0.0.0', '::', ''].includes(address.host) ? '127.0.0.1' : address.host;
      const selfUrl = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
      feeder = await startDemoFeeder({
        db,
        selfUrl,
        mediaBaseUrl: config.publicUrl ?? `http://localhost:${address.port}`,
        queueTarget: config.demoQueueTarget,
        intervalMs: config.demoFeedIntervalMs,
        log,
      });
    },
    async close() {
      closed = true;
      await feeder?.stop();
    },
  };
}
