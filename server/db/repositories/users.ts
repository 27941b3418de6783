import { sql, type Kysely, type Selectable } from 'kysely';
import type { UserInfo } from '../../../protocol/api.ts';
import type { Schema, UserTable } from '../schema.ts';
import { INVITE_POINTS, inviterIdOf } from '../../accounts/invites.ts';
import { changeScore } from './members.ts';

export type UserRow = Selectable<UserTable>;

export const DEFAULT_AVATAR = 'avatars/default.png';

/** PostgreSQL's SQLSTATE for a unique index refusing a row. */
const UNIQUE_VIOLATION = '23505';

/** How a new member is known: an account name with its password, or a phone (login/phone); and the name shown. */
export type MemberIdentity = { account: string; account_key: string; password_hash: string; nickname: string } | { mobile: string; nickname: string };

export function toUserInfo(row: UserRow): UserInfo {
  return {
    id: row.id,
    account: row.account ?? '',
    mobile: row.mobile,
    nickname: row.nickname,
    avatar: row.avatar,
    signature: row.signature,
    isUser: row.is_user,
  };
}

/**
 * A guest who came through a member's invite link has just become a member: the inviter is
 * credited, once per new member (the invite row's key), in the sign-up's transaction.
 */
async function creditInviter(trx: Kysely<Schema>, member: UserRow): Promise<void> {
  const inviterId = inviterIdOf(member.aff_code);
  if (inviterId === null || inviterId === member.id) return;
  const invited = await trx
    .insertInto('invites')
    .columns(['invitee_id', 'inviter_id', 'points'])
    .expression((eb) =>
      eb
        .selectFrom('users')
        .select([sql<number>`${member.id}::integer`.as('invitee_id'), 'id', sql<number>`${INVITE_POINTS}::integer`.as('points')])
        .where('id', '=', inviterId)
        .where('is_user', '=', true),
    )
    .onConflict((oc) => oc.column('invitee_id').doNothing())
    .returning('inviter_id')
    .executeTakeFirst();
  if (invited) await changeScore(trx, inviterId, INVITE_POINTS, 'invite', member.account ?? '');
}

export function usersRepository(db: Kysely<Schema>) {
  return {
    /** The guest this device created, when it proves it with the secret it was given. */
    guestBySecret(devId: string, secretHash: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('guest_secret_hash', '=', secretHash).where('dev_id', '=', devId).executeTakeFirst();
    },

    /** A new guest bound to `secretHash`, named 游客<id> in the same statement. */
    async createGuest(devId: string, secretHash: string, affCode: string): Promise<UserRow> {
      const { rows } = await sql<UserRow>`
        WITH next AS (SELECT nextval('users_id_seq')::integer AS id)
        INSERT INTO users (id, dev_id, guest_secret_hash, aff_code, is_user, nickname, avatar)
        SELECT id, ${devId}, ${secretHash}, ${affCode}, false, '游客' || id, ${DEFAULT_AVATAR} FROM next
        RETURNING *`.execute(db);
      return rows[0]!;
    },

    byAccountKey(key: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('account_key', '=', key).executeTakeFirst();
    },

    /** Undefined when the account, its key or the phone is taken. */
    async createMember(identity: MemberIdentity): Promise<UserRow | undefined> {
      return db
        .insertInto('users')
        .values({ ...identity, is_user: true, avatar: DEFAULT_AVATAR, dev_id: null, guest_secret_hash: null, aff_code: '' })
        .onConflict((oc) => oc.doNothing())
        .returningAll()
        .executeTakeFirst();
    },

    byMobile(mobile: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('mobile', '=', mobile).where('mobile', '<>', '').executeTakeFirst();
    },

    /** Binds `mobile` to the member; 'taken' when another account holds it (the unique index decides, so racing binds cannot both win). */
    async setMobile(id: number, mobile: string): Promise<UserRow | 'taken' | undefined> {
      try {
        return await db.updateTable('users').set({ mobile }).where('id', '=', id).returningAll().executeTakeFirst();
      } catch (error) {
        if ((error as { code?: string }).code === UNIQUE_VIOLATION) return 'taken';
        throw error;
      }
    },

    /**
     * Turns the guest `guestId` into the member (DECISIONS: sign-up upgrades the guest): same row,
     * so its sessions, favourites and history are the member's; unbound from its device secret, so
     * the device's next guest login makes a new guest. undefined when the row is no longer a guest
     * (a racing sign-up upgraded it first) or the name was taken meanwhile.
     */
    async upgradeGuest(guestId: number, identity: MemberIdentity, memberSessionMs: number): Promise<UserRow | undefined> {
      try {
        return await db.transaction().execute(async (trx) => {
          const member = await trx
            .updateTable('users')
            .set({ ...identity, is_user: true, dev_id: null, guest_secret_hash: null })
            .where('id', '=', guestId)
            .where('is_user', '=', false)
            .returningAll()
            .executeTakeFirst();
          // The guest's year-long sessions become a member's, which last at most memberSessionMs.
          if (member) {
            await trx
              .updateTable('sessions')
              .set({ expires_at: sql<Date>`least(expires_at, now() + ${`${memberSessionMs} milliseconds`}::interval)` })
              .where('user_id', '=', guestId)
              .execute();
            await creditInviter(trx, member);
          }
          return member;
        });
      } catch (error) {
        if ((error as { code?: string }).code === UNIQUE_VIOLATION) return undefined;
        throw error;
      }
    },

    /** Changes the nickname and/or signature of `id`; answers the row after. */
    updateProfile(id: number, profile: { nickname?: string; signature?: string }): Promise<UserRow | undefined> {
      return db.updateTable('users').set(profile).where('id', '=', id).returningAll().executeTakeFirst();
    },

    /**
     * Makes `path`, an avatar upload of the member's own, their avatar: in one transaction the
     * upload is locked and kept (referenced), the avatar set, and the one it replaces, when it was
     * an upload, handed to the sweeper. 'not-found' for a path that is not the member's avatar
     * upload; 'not-square' for an image that is not square.
     */
    async setAvatar(id: number, path: string): Promise<UserRow | 'not-found' | 'not-square'> {
      return db.transaction().execute(async (trx) => {
        const upload = await trx
          .selectFrom('uploads')
          .select(['width', 'height'])
          .where('path', '=', path)
          .where('user_id', '=', id)
          .where('purpose', '=', 'avatar')
          .forUpdate()
          .executeTakeFirst();
        if (!upload) return 'not-found';
        if (Math.abs(upload.width - upload.height) > 1) return 'not-square';
        const before = await trx.selectFrom('users').select('avatar').where('id', '=', id).forUpdate().executeTakeFirst();
        if (!before) return 'not-found';
        await trx.updateTable('uploads').set({ referenced: true }).where('path', '=', path).execute();
        if (before.avatar !== path) {
          await trx.updateTable('uploads').set({ referenced: false }).where('path', '=', before.avatar).where('user_id', '=', id).execute();
        }
        return trx.updateTable('users').set({ avatar: path }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
      });
    },

    /** Records a new account card for a member (only the hash of its code); the one before stops working. */
    async issueCard(id: number, cardHash: string): Promise<Date | undefined> {
      const row = await db
        .updateTable('users')
        .set({ card_hash: cardHash, card_issued_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where('is_user', '=', true)
        .returning('card_issued_at')
        .executeTakeFirst();
      return row?.card_issued_at ?? undefined;
    },

    /** The member whose current account card has this hash. */
    byCard(cardHash: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('card_hash', '=', cardHash).where('is_user', '=', true).executeTakeFirst();
    },

    /** Sets (salt and hash) or removes (nulls) the member's lock-screen passcode; answers the row after. */
    setLockCode(id: number, lock: { salt: string; hash: string } | null): Promise<UserRow | undefined> {
      return db
        .updateTable('users')
        .set({ lock_salt: lock?.salt ?? null, lock_hash: lock?.hash ?? null })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },

    /** A new password also ends the member's account card (DECISIONS: revoked by a password change). */
    async setPasswordHash(id: number, passwordHash: string): Promise<void> {
      await db.updateTable('users').set({ password_hash: passwordHash, card_hash: null, card_issued_at: null }).where('id', '=', id).execute();
    },

    async withoutAccountKey(): Promise<{ id: number; account: string }[]> {
      const rows = await db.selectFrom('users').select(['id', 'account']).where('account', 'is not', null).where('account_key', 'is', null).execute();
      return rows.map((r) => ({ id: r.id, account: r.account! }));
    },

    /** False when another account already has the key. */
    async setAccountKey(id: number, key: string): Promise<boolean> {
      const taken = await db.selectFrom('users').select('id').where('account_key', '=', key).executeTakeFirst();
      if (taken) return false;
      await db.updateTable('users').set({ account_key: key }).where('id', '=', id).execute();
      return true;
    },
  };
}

export type UsersRepository = ReturnType<typeof usersRepository>;
