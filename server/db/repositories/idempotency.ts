import { sql, type Kysely } from 'kysely';
import type { Schema } from '../schema.ts';

export interface StoredAnswer {
  route: string;
  bodyHash: string;
  status: number | null;
  response: string | null;
}

export function idempotencyRepository(db: Kysely<Schema>) {
  return {
    /** True for the one caller that claimed (owner, requestId); a repeat finds it taken. */
    async claim(owner: string, requestId: string, route: string, bodyHash: string): Promise<boolean> {
      const row = await db
        .insertInto('idempotent_requests')
        .values({ owner, request_id: requestId, route, body_hash: bodyHash })
        .onConflict((oc) => oc.doNothing())
        .returning('request_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async find(owner: string, requestId: string): Promise<StoredAnswer | undefined> {
      const row = await db
        .selectFrom('idempotent_requests')
        .select(['route', 'body_hash', 'status', 'response'])
        .where('owner', '=', owner)
        .where('request_id', '=', requestId)
        .executeTakeFirst();
      return row && { route: row.route, bodyHash: row.body_hash, status: row.status, response: row.response };
    },

    /** Takes over a claim whose first request died before answering (older than `staleMs`). */
    async takeOver(owner: string, requestId: string, staleMs: number): Promise<boolean> {
      const row = await db
        .updateTable('idempotent_requests')
        .set({ created_at: sql`now()` })
        .where('owner', '=', owner)
        .where('request_id', '=', requestId)
        .where('response', 'is', null)
        .where('created_at', '<', sql<Date>`now() - make_interval(secs => ${staleMs / 1000})`)
        .returning('request_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Keeps an unanswered claim fresh while its request still runs, so that it is never taken for a dead one. */
    async renew(owner: string, requestId: string): Promise<void> {
      await db
        .updateTable('idempotent_requests')
        .set({ created_at: sql`now()` })
        .where('owner', '=', owner)
        .where('request_id', '=', requestId)
        .where('response', 'is', null)
        .execute();
    },

    async answer(owner: string, requestId: string, status: number, response: string): Promise<void> {
      await db.updateTable('idempotent_requests').set({ status, response }).where('owner', '=', owner).where('request_id', '=', requestId).execute();
    },

    async release(owner: string, requestId: string): Promise<void> {
      await db.deleteFrom('idempotent_requests').where('owner', '=', owner).where('request_id', '=', requestId).execute();
    },

    async purgeBefore(before: Date): Promise<void> {
      await db.deleteFrom('idempotent_requests').where('created_at', '<', before).execute();
    },
  };
}

export type IdempotencyRepository = ReturnType<typeof idempotencyRepository>;
