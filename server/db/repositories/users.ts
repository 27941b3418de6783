import type { Kysely, Selectable } from 'kysely';
import type { UserInfo } from '../../../protocol/api.ts';
import type { Schema, UserTable } from '../schema.ts';

export type UserRow = Selectable<UserTable>;

export const DEFAULT_AVATAR = 'avatars/default.png';

export function toUserInfo(row: UserRow): UserInfo {
  return {
    id: row.id,
    account: row.account ?? '',
    mobile: row.mobile,
    nickname: row.nickname,
    avatar: row.avatar,
    isUser: row.is_user,
  };
}

export function usersRepository(db: Kysely<Schema>) {
  return {
    /** The guest bound to this device, created on first sight. */
    async guestFor(devId: string, affCode: string): Promise<UserRow> {
      const row = await db
        .insertInto('users')
        .values({ dev_id: devId, aff_code: affCode, is_user: false, nickname: '游客', avatar: DEFAULT_AVATAR, account: null, password_hash: null })
        .onConflict((oc) => oc.column('dev_id').doUpdateSet({ dev_id: devId }))
        .returningAll()
        .executeTakeFirstOrThrow();
      if (row.nickname === '游客') {
        return db
          .updateTable('users')
          .set({ nickname: `游客${row.id}` })
          .where('id', '=', row.id)
          .returningAll()
          .executeTakeFirstOrThrow();
      }
      return row;
    },

    byAccount(account: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('account', '=', account).executeTakeFirst();
    },

    /** Undefined when the account is taken. */
    async createMember(account: string, passwordHash: string): Promise<UserRow | undefined> {
      return db
        .insertInto('users')
        .values({ account, password_hash: passwordHash, is_user: true, nickname: account, avatar: DEFAULT_AVATAR, dev_id: null, aff_code: '' })
        .onConflict((oc) => oc.column('account').doNothing())
        .returningAll()
        .executeTakeFirst();
    },
  };
}

export type UsersRepository = ReturnType<typeof usersRepository>;
