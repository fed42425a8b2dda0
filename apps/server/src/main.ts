import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { ConnectionDrain } from './lib/connection-drain.ts';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const app = await buildApp(config);
// Behind a proxy, a stopping process closes its kept-alive connections by its answers (deploy/README.md).
const drain = new ConnectionDrain(app);
// A promise nobody awaited failed: a bug for a test to find (vitest fails a run on one), logged in full, never a
// reason to drop every member's requests. An uncaught exception is another matter: the code that threw may have
// left state half-changed, so close-with-grace still closes the process gracefully and the supervisor starts
// it again (docs/decisions/024-postgresql-outages.md).
process.on('unhandledRejection', (reason) => app.log.error({ err: reason }, 'unhandled rejection'));
closeWithGrace({ delay: 10_000, skip: ['unhandledRejection'] }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'closing after an error');
  else app.log.info({ signal }, 'shutting down');
  // Told to stop: readiness says so, and for a second every answer closes its connection before the close.
  if (signal) {
    app.beginDraining();
    await drain.begin();
  }
  await app.close();
});
await app.listen({ port: config.port, host: config.host });
