/**
 * One API call as every route group declares it: documented (summary, tags, body, the answer in
 * its envelope), guarded (the signed headers; `auth` and `changes` as route config, read by
 * plugins/auth.ts and plugins/idempotency.ts) and answered: the handler returns the answer's data,
 * typed by its schema, and the envelope around it is made here.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyContextConfig, FastifyRequest, RawRequestDefaultExpression, RawServerDefault, RouteGenericInterface } from 'fastify';
import type { Static, TSchema, TUnknown } from 'typebox';
import { EnvelopeOf, PageOf } from '../../protocol/contracts/common.ts';
import type { AppContext } from '../context.ts';
import { okEnvelope } from '../plugins/envelope.ts';
import { signedHeaders, type ApiInstance } from './schemas.ts';

export interface Endpoint<A extends TSchema, B extends TSchema, Q extends TSchema> extends FastifyContextConfig {
  summary: string;
  description?: string;
  /** The group's tag unless named. */
  tags?: string[];
  body?: B;
  querystring?: Q;
  /** The answer's data, and how /openapi.json names its envelope. */
  answer: A;
  answerName: string;
  method?: 'GET' | 'POST';
}

/** The request of an endpoint: body and query typed by their schemas. */
export type ApiRequest<B extends TSchema = TUnknown, Q extends TSchema = TUnknown> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  { headers: typeof signedHeaders; body: B; querystring: Q },
  TypeBoxTypeProvider
>;

/** The answer of a paged endpoint: a page of `item`s, named Page<name> in /openapi.json. */
export const pageAnswer = <T extends TSchema>(item: T, name: string) => ({ answer: PageOf(item), answerName: `Page<${name}>` });

/** Declares the endpoints of one route group; `tag` groups them in /openapi.json. */
export function endpoints(api: ApiInstance, ctx: AppContext, tag: string) {
  return <A extends TSchema, B extends TSchema = TUnknown, Q extends TSchema = TUnknown>(
    url: string,
    endpoint: Endpoint<A, B, Q>,
    answer: (request: ApiRequest<B, Q>) => Promise<Static<A>>,
  ): void => {
    const { summary, description, tags = [tag], body, querystring, answer: data, answerName, method = 'POST', auth, changes } = endpoint;
    api.route({
      method,
      url,
      config: { ...(auth && { auth }), ...(changes && { changes }) },
      schema: {
        summary,
        ...(description && { description }),
        tags,
        headers: signedHeaders,
        ...(body && { body }),
        ...(querystring && { querystring }),
        response: { 200: EnvelopeOf(data, answerName) },
      },
      // The schemas are generic here; `answer` is typed by them where each endpoint is declared.
      handler: async (request) => okEnvelope(ctx, await answer(request as unknown as ApiRequest<B, Q>)),
    });
  };
}
