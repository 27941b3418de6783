/**
 * Resumable video uploads: tus 1.0 (@tus/server with @tus/file-store) at TUS_PATH, outside /api/
 * (DECISIONS.md "Uploads"): no signature, no envelope; every request carries the ticket that the
 * signed works/upload/media issued, in TUS_TICKET_HEADER.
 *
 * - creation (POST) needs a live ticket not used yet; the Upload-Length must be declared and within
 *   the ticket's limit; the ticket is used up by the statement that records the upload, so it
 *   makes one upload;
 * - every other request (HEAD for the offset, PATCH for bytes, DELETE to cancel) needs a live ticket
 *   of the upload's own member; another member's upload answers 404, as a missing one does;
 * - the body streams from the connection to the file as it arrives: a dropped connection keeps the
 *   bytes that arrived, HEAD answers that offset, and the client continues from there.
 *
 * Fastify hands the request to tus untouched: a content-type parser that reads nothing, the body
 * passed on as a web stream. Files live in TUS_DIR (config.tusDir), named by the server (hex).
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { EVENTS, Server, type Upload } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TUS_PATH, TUS_TICKET_HEADER, WORK_UPLOAD_MAX_BYTES } from '../../../protocol/works-api.ts';
import type { AppContext } from '../../context.ts';

/** Tickets are stored as this hash only. */
export const ticketHash = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/** A refusal as tus answers it: a status and a line of text. */
const refuse = (status_code: number, body: string) => ({ status_code, body: `${body}\n` });

type TusRequest = { headers: Headers; method: string };

const TUS_METHODS = ['POST', 'PATCH', 'HEAD', 'DELETE', 'OPTIONS'] as const;

export function createTusServer(ctx: AppContext): Server {
  async function ticketOf(req: TusRequest): Promise<{ hash: string; userId: number; maxBytes: number }> {
    const ticket = req.headers.get(TUS_TICKET_HEADER) ?? '';
    if (!/^[A-Za-z0-9_-]{16,100}$/.test(ticket)) throw refuse(401, 'An upload ticket is required (works/upload/media)');
    const hash = ticketHash(ticket);
    const live = await ctx.works.ticket(hash);
    if (!live) throw refuse(401, 'The upload ticket has expired; ask for a new one');
    return { hash, ...live };
  }

  const server = new Server({
    path: TUS_PATH,
    datastore: new FileStore({ directory: ctx.config.tusDir }),
    // Location is a path: the origin stays whatever the page used.
    relativeLocation: true,
    maxSize: WORK_UPLOAD_MAX_BYTES,
    namingFunction: () => randomBytes(16).toString('hex'),
    // A finished upload is the member's until a work uses it or the sweeper takes it.
    disableTerminationForFinishedUploads: true,
    async onIncomingRequest(req, id) {
      const ticket = await ticketOf(req);
      if (req.method === 'POST') return;
      const upload = await ctx.works.upload(id);
      if (!upload || upload.userId !== ticket.userId) throw refuse(404, 'The upload was not found');
      if (upload.state === 'used' && req.method !== 'HEAD') throw refuse(403, 'The upload belongs to a work already');
    },
    async onUploadCreate(req, upload: Upload) {
      const ticket = await ticketOf(req);
      if (upload.size === undefined) throw refuse(400, 'Upload-Length is required');
      if (upload.size > ticket.maxBytes) throw refuse(413, `The file is larger than ${ticket.maxBytes} bytes`);
      if (!(await ctx.works.createUpload(ticket.hash, upload.id, ticket.userId, upload.size))) {
        throw refuse(403, 'The upload ticket was used already; ask for a new one');
      }
      return {};
    },
    async onUploadFinish(_req, upload) {
      await ctx.works.completeUpload(upload.id);
      return {};
    },
  });
  server.on(EVENTS.POST_TERMINATE, (_req, _res, id) => {
    ctx.works.removeUpload(id).catch(() => undefined);
  });
  return server;
}

/** Mounts the tus server at TUS_PATH and TUS_PATH/<id> (hidden from /openapi.json: it is not an API call). */
export async function registerTusRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await mkdir(ctx.config.tusDir, { recursive: true });
  const tus = createTusServer(ctx);

  async function handle(request: FastifyRequest, reply: FastifyReply) {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
    }
    const withBody = request.method === 'POST' || request.method === 'PATCH';
    // Node's fetch needs duplex for a streamed body; its RequestInit typing does not name it.
    const init = { method: request.method, headers, body: withBody ? (Readable.toWeb(request.raw) as ReadableStream<Uint8Array>) : undefined, duplex: 'half' };
    const web = new Request(new URL(request.url, 'http://upload.invalid'), init as RequestInit);
    const response = await tus.handleWeb(web);
    // A refused POST or PATCH leaves its body unread: the connection closes after the answer
    // rather than reading (and buffering) what the client still sends.
    if (withBody && response.status >= 300 && !request.raw.readableEnded) {
      reply.header('connection', 'close');
      reply.raw.once('finish', () => request.raw.destroy());
    }
    reply.code(response.status);
    response.headers.forEach((value, name) => void reply.header(name, value));
    reply.header('cache-control', 'no-store');
    const body = response.body ? Buffer.from(await response.arrayBuffer()) : null;
    return reply.send(body ?? '');
  }

  await app.register(async (scope) => {
    // tus reads the body itself, as a stream: no parser may touch it.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    for (const url of [TUS_PATH, `${TUS_PATH}/:id`]) {
      scope.route({ method: [...TUS_METHODS], url, schema: { hide: true }, exposeHeadRoute: false, handler: handle });
    }
  });
}
