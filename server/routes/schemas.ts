/**
 * What every route group shares: the instance type that infers request and reply types from the
 * protocol's TypeBox contracts (protocol/contracts/), and the signed headers of every call.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import { Type } from 'typebox';

export type ApiInstance = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>;

export const signedHeaders = Type.Object({
  'x-secret': Type.String(),
  'x-ua': Type.String(),
  'x-timestamp': Type.String(),
  'x-nonce': Type.String(),
  'x-api-key': Type.String(),
  authorization: Type.Optional(Type.String({ description: 'Bearer TOKEN' })),
});
