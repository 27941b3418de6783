import { createServer, prepare } from './bootstrap.ts';
import { ConfigError, loadConfig } from './config.ts';

const started = performance.now();
let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`md-video server: ${error.message}`);
    process.exit(1);
  }
  throw error;
}

const app = await createServer(config, { logger: { level: config.logLevel } });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}

// Listening before media and seed lets /healthz say 503 while the first start encodes.
await app.listen({ port: config.port, host: config.host });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
console.log(
  `md-video server listening on http://${shownHost}:${port} (${config.databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${config.redisUrl ? 'Redis' : 'in-memory'} nonces)`,
);

try {
  const report = await prepare(app);
  console.log(
    `md-video ready in ${Math.round(performance.now() - started)} ms (media+seed ${report.ms} ms; seeded: ${report.seeded}; images written: ${report.images}; clips encoded: ${report.clips.length}; sprites made: ${report.sprites.length})`,
  );
} catch (error) {
  console.error('md-video server: preparing media and seed failed:', error);
  await app.close();
  process.exit(1);
}
