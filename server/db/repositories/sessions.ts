import type { Kysely } from 'kysely';
import type { Schema } from '../schema.ts';
import type { UserRow } from './users.ts';

export function sessionsRepository(db: Kysely<Schema>) {
  return {
    /** Opens a session; a user keeps at most `keep` of them, the oldest going first. */
    async create(tokenHash: string, userId: number, expiresAt: Date, keep: number): Promise<void> {
      await db.insertInto('sessions').values({ token_hash: tokenHash, user_id: userId, expires_at: expiresAt }).execute();
      await db
        .deleteFrom('sessions')
        .where('token_hash', 'in', (eb) =>
          eb.selectFrom('sessions').select('token_hash').where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('token_hash').offset(keep),
        )
        .execute();
    },

    /** Deletes up to `limit` expired sessions; answers how many went. */
    async purgeExpired(now: Date, limit: number): Promise<number> {
      const result = await db
        .deleteFrom('sessions')
        .where('token_hash', 'in', (eb) => eb.selectFrom('sessions').select('token_hash').where('expires_at', '<=', now).limit(limit))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /**
     * The user behind a live session, in one query; none while the user is suspended. Read from the
     * database on every call (never cached), so a suspension stops every session at once on every
     * instance, and a restore brings the unexpired ones back.
     */
    userFor(tokenHash: string, now: Date): Promise<UserRow | undefined> {
      return db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .selectAll('users')
        .where('sessions.token_hash', '=', tokenHash)
        .where('sessions.expires_at', '>', now)
        .where('users.suspended_at', 'is', null)
        .executeTakeFirst();
    },

    async revoke(tokenHash: string): Promise<void> {
      await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
    },

    /** Ends every session of the user but `keepTokenHash` (a password change keeps only the device that made it). */
    async revokeOthers(userId: number, keepTokenHash: string): Promise<number> {
      const result = await db.deleteFrom('sessions').where('user_id', '=', userId).where('token_hash', '!=', keepTokenHash).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async expire(tokenHash: string, at: Date): Promise<void> {
      await db.updateTable('sessions').set({ expires_at: at }).where('token_hash', '=', tokenHash).execute();
    },
  };
}

export type SessionsRepository = ReturnType<typeof sessionsRepository>;
