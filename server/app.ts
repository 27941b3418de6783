import fastifyMultipart from '@fastify/multipart';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { CODES, fail } from '../protocol/envelope.ts';
import type { ServerConfig } from './config.ts';
import type { AppContext } from './context.ts';
import type { Database } from './db/database.ts';
import { catalogueRepository } from './db/repositories/catalogue.ts';
import { collectsRepository } from './db/repositories/collects.ts';
import { commentsRepository } from './db/repositories/comments.ts';
import { idempotencyRepository } from './db/repositories/idempotency.ts';
import { captchasRepository } from './accounts/captcha.ts';
import { fileSender, logSender } from './accounts/sms-sender.ts';
import { phoneRoutes } from './routes/login/phone-routes.ts';
import { historyRepository } from './db/repositories/history.ts';
import { accountDataRepository } from './db/repositories/account-data.ts';
import { membersRepository } from './db/repositories/members.ts';
import { messagesRepository } from './db/repositories/messages.ts';
import { moderationRepository } from './db/repositories/moderation.ts';
import { manageRepository } from './db/repositories/manage.ts';
import { operatorsRepository } from './db/repositories/operators.ts';
import { newOperatorKey } from './operators/local-channel.ts';
import { adminRoutes } from './routes/admin/admin-routes.ts';
import { contentRepository } from './db/repositories/content.ts';
import { postsRepository } from './db/repositories/posts.ts';
import { safetyRepository } from './db/repositories/safety.ts';
import { searchRepository } from './db/repositories/search.ts';
import { supportRepository } from './db/repositories/support.ts';
import { brandRepository } from './db/repositories/brand.ts';
import { sessionsRepository } from './db/repositories/sessions.ts';
import { uploadsRepository } from './db/repositories/uploads.ts';
import { worksRepository } from './db/repositories/works.ts';
import { openBossStore } from './jobs/boss-store.ts';
import { storeQueue, tableStore } from './jobs/queue.ts';
import { usersRepository } from './db/repositories/users.ts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { registerAuth } from './plugins/auth.ts';
import { registerIdempotency } from './plugins/idempotency.ts';
import { envelopeError, registerBodyParsers, registerBodyVerdict } from './plugins/envelope.ts';
import { registerMediaFiles } from './plugins/media-files.ts';
import { registerOpenApi, serveOpenApiDocument } from './plugins/openapi.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerSignatureCheck } from './plugins/signature.ts';
import { allHints, registerStaticFiles, spaFallback } from './plugins/static-files.ts';
import { SHARE_PAGES, registerShareImages, shareMetaHint } from './plugins/share-meta.ts';
import { videoPosterHint } from './plugins/page-hints.ts';
import type { Stores } from './plugins/stores.ts';
import { appCaches } from './cache/app-caches.ts';
import { PlayCounts } from './cache/play-counts.ts';
import { actressRoutes } from './routes/actress/actress-routes.ts';
import { advertiseRoutes } from './routes/advertise/advertise-routes.ts';
import { checkinRoutes } from './routes/checkin/checkin-routes.ts';
import { collectRoutes } from './routes/collect/collect-routes.ts';
import { commentRoutes } from './routes/comment/comment-routes.ts';
import { configRoutes } from './routes/config/config-routes.ts';
import { homeRoutes } from './routes/home/home-routes.ts';
import { loginRoutes } from './routes/login/login-routes.ts';
import { messageRoutes } from './routes/message/message-routes.ts';
import { postRoutes } from './routes/post/post-routes.ts';
import { safetyRoutes } from './routes/safety/safety-routes.ts';
import { reviewRoutes } from './routes/review/review-routes.ts';
import { searchRoutes } from './routes/search/search-routes.ts';
import { supportRoutes } from './routes/support/support-routes.ts';
import { brandRoutes } from './routes/brand/brand-routes.ts';
import { tagRoutes } from './routes/tag/tag-routes.ts';
import { topicRoutes } from './routes/topic/topic-routes.ts';
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_FILES, uploadRoutes } from './routes/upload/upload-routes.ts';
import { userRoutes } from './routes/user/user-routes.ts';
import { videoRoutes } from './routes/video/video-routes.ts';
import { registerTusRoutes } from './routes/works/tus-routes.ts';
import { worksRoutes } from './routes/works/works-routes.ts';

export const JSON_BODY_LIMIT = 1024 * 1024;

export interface AppOptions {
  config: ServerConfig;
  database: Database;
  stores: Stores;
  /** Fastify logger; false in tests. */
  logger?: boolean | { level: string };
  /** The local channel's key (operators/local-channel.ts); a fresh random one when not given. */
  operatorKey?: string;
}

export type App = FastifyInstance;

/**
 * Builds the whole server without listening; tests drive it with app.inject(). The app owns the
 * database and stores it is given and closes them on close.
 */
export async function buildApp(options: AppOptions): Promise<App> {
  const { config, database, stores } = options;
  // The queue's store opens before Fastify's logger exists (pg-boss migrates its schema): its first lines go to the console.
  let logger: { warn(line: string): void } = { warn: (line) => console.warn(line) };
  const warn = (line: string) => logger.warn(line);
  const jobStore =
    database.kind === 'postgres' && config.databaseUrl
      ? await openBossStore(database.db, { connectionString: config.databaseUrl, leaseMs: config.jobLeaseMs, log: warn })
      : tableStore(database.db);
  const ctx: AppContext = {
    config,
    database,
    stores,
    users: usersRepository(database.db),
    sessions: sessionsRepository(database.db),
    catalogue: catalogueRepository(database.db),
    search: searchRepository(database.db),
    collects: collectsRepository(database.db),
    comments: commentsRepository(database.db),
    content: contentRepository(database.db),
    posts: postsRepository(database.db),
    safety: safetyRepository(database.db),
    support: supportRepository(database.db),
    brand: brandRepository(database.db),
    members: membersRepository(database.db),
    history: historyRepository(database.db),
    accountData: accountDataRepository(database.db),
    captchas: captchasRepository(database.db),
    // The app's logger exists once Fastify is built, before any request can send a text.
    sms: config.smsOutbox ? fileSender(config.smsOutbox) : logSender((line) => app.log.warn(line)),
    messages: messagesRepository(database.db),
    uploads: uploadsRepository(database.db),
    works: worksRepository(database.db),
    // The embedded database's jobs table, or pg-boss on PostgreSQL (jobs/queue.ts, jobs/boss-store.ts).
    queue: storeQueue(jobStore, { log: warn, leaseMs: config.jobLeaseMs }),
    idempotency: idempotencyRepository(database.db),
    operators: operatorsRepository(database.db),
    moderation: moderationRepository(database.db),
    manage: manageRepository(database.db),
    operatorKey: options.operatorKey ?? newOperatorKey(),
    caches: appCaches(stores.broadcast, config.caches),
    plays: new PlayCounts(database.db),
    ready: false,
    jobs: [],
  };

  const app = Fastify({
    logger: options.logger ?? false,
    // Per-request lines cost throughput; they appear only at debug and trace levels.
    logController: new LogController({
      disableRequestLogging: !(typeof options.logger === 'object' && ['debug', 'trace'].includes(options.logger.level)),
    }),
    trustProxy: config.trustProxy,
    // Slow clients are cut off: all headers within headersTimeout, the whole request within
    // requestTimeout. Node checks both on an interval, so it runs at least every second.
    http: {
      headersTimeout: config.headersTimeoutMs,
      requestTimeout: config.requestTimeoutMs,
      keepAliveTimeout: config.keepAliveTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, config.headersTimeoutMs),
    },
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    connectionTimeout: Math.max(60_000, config.requestTimeoutMs),
    bodyLimit: JSON_BODY_LIMIT,
    return503OnClosing: true,
    // Wrong types are errors, not guesses: the client always sends real JSON numbers.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false } },
  });
  // Schemas document and validate; the envelope's data may be ciphertext, so responses are
  // serialised as they are.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.server.maxConnections = config.maxConnections;
  app.decorate('ctx', ctx);
  logger = { warn: (line) => app.log.warn(line) };
  app.addHook('onClose', async () => {
    for (const stop of ctx.jobs) stop();
    await ctx.queue.close();
    await ctx.plays.close();
    await stores.close();
    await database.close();
  });
  app.decorateRequest('rawBody', null);
  app.decorateRequest('token', '');
  app.decorateRequest('user', null);
  app.decorateRequest('localOperator', null);

  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-server-time', String(Date.now()));
    return payload;
  });

  await registerOpenApi(app, config.publicUrl);

  await registerSecurityHeaders(app, config);

  serveOpenApiDocument(app);
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => (ctx.ready ? { ok: true } : reply.code(503).send({ ok: false })));

  await app.register(async (plain) => {
    // Request and reply types follow the TypeBox contracts of protocol/contracts/.
    const api = plain.withTypeProvider<TypeBoxTypeProvider>();
    registerBodyParsers(api, JSON_BODY_LIMIT);
    await api.register(fastifyMultipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: MAX_UPLOAD_FILES + 1, fields: 20, parts: 40, fieldSize: 1024 },
      throwFileSizeLimit: true,
    });
    api.setErrorHandler(envelopeError);
    registerSignatureCheck(api, ctx);
    registerBodyVerdict(api);
    registerAuth(api, ctx);
    registerIdempotency(api, ctx);
    await configRoutes(api, ctx);
    await loginRoutes(api, ctx);
    await phoneRoutes(api, ctx);
    await userRoutes(api, ctx);
    await uploadRoutes(api, ctx);
    await advertiseRoutes(api, ctx);
    await videoRoutes(api, ctx);
    await searchRoutes(api, ctx);
    await collectRoutes(api, ctx);
    await commentRoutes(api, ctx);
    await homeRoutes(api, ctx);
    await actressRoutes(api, ctx);
    await topicRoutes(api, ctx);
    await tagRoutes(api, ctx);
    await reviewRoutes(api, ctx);
    await postRoutes(api, ctx);
    await safetyRoutes(api, ctx);
    await checkinRoutes(api, ctx);
    await messageRoutes(api, ctx);
    await supportRoutes(api, ctx);
    await brandRoutes(api, ctx);
    await worksRoutes(api, ctx);
    await adminRoutes(api, ctx);
  });
  await registerTusRoutes(app, ctx);

  await registerMediaFiles(app, config.mediaDir, { crossOrigin: config.mediaUrl !== null });
  const ogImages = await registerShareImages(app, ctx);
  await registerStaticFiles(app, config.staticDir);
  const fallback = spaFallback(config.staticDir, allHints(shareMetaHint(ctx, ogImages), videoPosterHint(ctx.catalogue, config)), SHARE_PAGES);
  // Home is a shared page too (share-meta.ts): its HTML comes from the fallback, not as a plain file.
  app.get('/', { schema: { hide: true } }, (request, reply) => fallback(request, reply) ?? reply.callNotFound());
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') {
      return reply.code(404).send(fail(CODES.NOT_FOUND, '接口不存在'));
    }
    return fallback(request, reply) ?? reply.code(404).type('text/plain; charset=utf-8').send('Not found\n');
  });
  app.setErrorHandler((error, request, reply) => {
    if (request.url.startsWith('/api/')) return envelopeError(error as Parameters<typeof envelopeError>[0], request, reply);
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return reply
      .code(status >= 400 ? status : 500)
      .type('text/plain; charset=utf-8')
      .send(status >= 500 ? 'Server error\n' : `${(error as Error).message}\n`);
  });

  return app;
}
