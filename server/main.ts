import './load-env';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DEMO_USERS } from './features/demo/demo-seed';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config);
  await app.http.listen({ port: config.port, host: config.host });
  const address = app.http.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;

  const database = config.databaseUrl
    ? 'PostgreSQL (DATABASE_URL)'
    : `embedded PGlite in ${config.dataDir}`;
  const lines = [``, `Moderation console: http://localhost:${port}`, `Database: ${database}`];
  const metricsAt = app.observability.metricsAddress();
  if (config.metrics.mode === 'token') {
    lines.push(`Metrics: http://localhost:${port}/metrics (Authorization: Bearer METRICS_TOKEN)`);
  } else if (metricsAt) {
    lines.push(`Metrics: http://${metricsAt.host}:${metricsAt.port}/metrics`);
  }
  if (config.seedDemo) {
    lines.push(
      `Demo logins (password '${config.demoPassword === 'demo' ? 'demo' : 'from DEMO_PASSWORD'}'): ${DEMO_USERS.map((user) => user.username).join(', ')}`,
    );
  }
  const demoTokens = Object.entries(app.demo.seededServices?.tokens ?? {});
  if (demoTokens.length > 0) {
    // Shown once: only the hash is stored, so this first start is the only chance to copy them.
    lines.push('Demo service API tokens (shown once):');
    for (const [code, token] of demoTokens) lines.push(`  ${code}: ${token}`);
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.http.log.info(`${signal} received, shutting down`);
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.http.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `The server could not start: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
  }
  process.exit(1);
});
