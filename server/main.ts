import { createServer, prepare } from './bootstrap.ts';
import { ConfigError, loadConfig } from './config.ts';
import { claimForServer, localUrlOf, newOperatorKey, publishServerUrl, removeOperatorFile } from './operators/local-channel.ts';

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

// The operators' tool finds this server, and its local channel's key, in DATA_DIR/operator.json
// (written before the database opens: a tool working on the folder in its own process is waited for).
const localChannel = config.dataDir === 'memory://' ? null : { dataDir: config.dataDir, key: newOperatorKey() };
if (localChannel) {
  try {
    await claimForServer(localChannel.dataDir, localChannel.key);
  } catch (error) {
    console.error(`md-video server: ${(error as Error).message}`);
    process.exit(1);
  }
}
const app = await createServer(config, { logger: { level: config.logLevel }, operatorKey: localChannel?.key });
if (localChannel) app.addHook('onClose', async () => removeOperatorFile(localChannel.dataDir, process.pid));
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
if (localChannel) publishServerUrl(localChannel.dataDir, localChannel.key, localUrlOf(config.host, port));
const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
console.log(
  `md-video server listening on http://${shownHost}:${port} (${config.databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${config.redisUrl ? 'Redis' : 'in-memory'} nonces)`,
);

try {
  // MD_DEMO_CLIPS: an instance joining a site whose shared media folder another instance made encodes nothing.
  const report = await prepare(app, { encodeClips: config.demoClips !== 'none', backgroundClips: config.demoClips === 'all' });
  console.log(
    `md-video ready in ${Math.round(performance.now() - started)} ms (media+seed ${report.ms} ms; seeded: ${report.seeded}; images written: ${report.images}; clips encoded: ${report.clips.length}; sprites made: ${report.sprites.length})`,
  );
} catch (error) {
  console.error('md-video server: preparing media and seed failed:', error);
  await app.close();
  process.exit(1);
}
