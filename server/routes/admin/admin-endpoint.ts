/**
 * How every operators' call is declared (the admin group's endpoint.ts): documented like any call,
 * reached by an operator's signed call or by the local tool (operators/local-channel.ts), refused
 * to everyone else before its body is even read, and audited.
 *
 * Adding a call (Manage, import, backups …): in a file of this folder,
 *
 *   const admin = adminEndpoints(api, ctx, 'admin');
 *   admin(ADMIN_API.somethingNew, { summary, body, answer, answerName, changes: true }, async ({ body, operator }) => {
 *     // do the work, passing `operator` to the repository, which calls writeAudit(trx, operator, …)
 *     // in the same transaction as the change
 *   });
 *
 * and register the file's function in admin-routes.ts. A `changes` call whose handler wrote no
 * audit row of its own gets one naming the call and its body, so no change goes unrecorded.
 */
import type { FastifyRequest } from 'fastify';
import { Type, type Static, type TSchema } from 'typebox';
import { LOCAL_ONLY_TIP, OPERATORS_ONLY_TIP } from '../../../protocol/admin-api.ts';
import { EnvelopeOf } from '../../../protocol/contracts/common.ts';
import { CODES, TIPS } from '../../../protocol/envelope.ts';
import type { AppContext } from '../../context.ts';
import { writeAudit, type Actor } from '../../db/repositories/operators.ts';
import { ApiError } from '../../plugins/api-error.ts';
import { tokenHash } from '../../plugins/auth.ts';
import { okEnvelope } from '../../plugins/envelope.ts';
import type { ApiRequest } from '../endpoint.ts';
import type { ApiInstance } from '../schemas.ts';

/** The MD1 headers, or the local tool's key instead (checked by plugins/signature.ts before validation). */
const adminHeaders = Type.Object({
  'x-secret': Type.Optional(Type.String()),
  'x-ua': Type.Optional(Type.String()),
  'x-timestamp': Type.Optional(Type.String()),
  'x-nonce': Type.Optional(Type.String()),
  'x-api-key': Type.Optional(Type.String()),
  authorization: Type.Optional(Type.String({ description: "Bearer TOKEN of an operator's session" })),
  'x-operator-key': Type.Optional(Type.String({ description: 'the local tool: the key of DATA_DIR/operator.json, from this machine only' })),
  'x-operator-name': Type.Optional(Type.String({ description: 'the local tool: the system user, for the audit log' })),
});

export interface AdminEndpoint<A extends TSchema, B extends TSchema> {
  summary: string;
  description?: string;
  body: B;
  answer: A;
  answerName: string;
  /** It changes something: an audit row is guaranteed (the handler's own, or one naming the call). */
  changes?: boolean;
  /** Only the local tool may call it (granting and revoking the role). */
  localOnly?: boolean;
  /** Bytes its body may have, past the API's 1 MB (calls that carry pictures as base64). */
  bodyLimit?: number;
}

/** What a handler gets: the typed body, who acts (pass it on to writeAudit), and the request. */
export interface AdminCall<B extends TSchema> {
  body: Static<B>;
  operator: Actor;
  request: ApiRequest<B>;
}

const actors = new WeakMap<FastifyRequest, Actor>();

/** The action name of a call for the fallback audit row: /api/app/admin/faq/add → admin.faq.add. */
export const actionOf = (url: string) => url.replace(/^\/api\/app\//, '').replace(/\//g, '.');

/**
 * Who calls: the local tool, or a signed-in operator. A call without a live session answers 1000
 * (as every members' call does); a guest or a member without the role 1007 需要运营权限.
 */
async function operatorOf(ctx: AppContext, request: FastifyRequest, localOnly: boolean): Promise<Actor> {
  if (request.localOperator) return { operatorId: null, actor: `cli:${request.localOperator}`, via: 'cli', audits: 0 };
  const user = request.token ? await ctx.sessions.userFor(tokenHash(request.token), new Date()) : undefined;
  if (!user) throw new ApiError(CODES.LOGIN_INVALID, TIPS.LOGIN_INVALID);
  request.user = user;
  if (!user.is_user || !(await ctx.operators.isOperator(user.id))) throw new ApiError(CODES.FORBIDDEN, OPERATORS_ONLY_TIP);
  if (localOnly) throw new ApiError(CODES.FORBIDDEN, LOCAL_ONLY_TIP);
  return { operatorId: user.id, actor: `member:${user.account ?? user.id}`, via: 'api', audits: 0 };
}

/** Declares the operators' calls of one file; `tag` groups them in /openapi.json. */
export function adminEndpoints(api: ApiInstance, ctx: AppContext, tag = 'admin') {
  return <A extends TSchema, B extends TSchema>(url: string, endpoint: AdminEndpoint<A, B>, answer: (call: AdminCall<B>) => Promise<Static<A>>): void => {
    const { summary, description, body, answer: data, answerName, changes = false, localOnly = false, bodyLimit } = endpoint;
    api.route({
      method: 'POST',
      url,
      ...(bodyLimit !== undefined && { bodyLimit }),
      schema: {
        summary,
        description: `${description ? `${description}. ` : ''}Operators only (1007 需要运营权限 for anyone else)${localOnly ? '; the local tool only' : ''}.`,
        tags: [tag],
        headers: adminHeaders,
        body,
        response: { 200: EnvelopeOf(data, answerName) },
      },
      // Before the body is validated: whoever is not an operator learns nothing about it.
      preValidation: async (request) => {
        actors.set(request, await operatorOf(ctx, request, localOnly));
      },
      handler: async (request) => {
        const operator = actors.get(request)!;
        const result = await answer({ body: request.body as Static<B>, operator, request: request as unknown as ApiRequest<B> });
        if (changes && !operator.audits) await writeAudit(ctx.database.db, operator, { action: actionOf(url), details: { body: request.body as unknown } });
        // The local tool reads its answers in the clear; operators' signed calls are sealed as usual.
        return operator.via === 'cli' ? { code: CODES.OK, tip: TIPS.OK, data: result ?? null, hash: false } : okEnvelope(ctx, result);
      },
    });
  };
}
