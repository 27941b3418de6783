import type { Kysely } from 'kysely';
import type { AuditEntry, OperatorItem } from '../../../protocol/contracts/admin.ts';
import type { Schema } from '../schema.ts';
import { page, type Paged } from './paging.ts';

/**
 * Who does an operator action: an operator's member row (a signed call) or the command-line tool's
 * local channel (operatorId null). `actor` is how the audit log names them.
 */
export interface Actor {
  operatorId: number | null;
  actor: string;
  via: 'api' | 'cli';
  /** Audit rows written for this actor during one call (writeAudit counts them; the admin endpoint reads it). */
  audits?: number;
}

/** One row of the audit log as a repository writes it. */
export interface AuditRecord {
  /** A dotted name: moderate.reject, comment.hide, member.suspend … */
  action: string;
  targetType?: string;
  targetId?: string | number;
  details?: Record<string, unknown>;
}

/** Writes one audit row in `db` (a transaction, so it commits or rolls back with the action it records). */
export async function writeAudit(db: Kysely<Schema>, actor: Actor, record: AuditRecord): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      operator_id: actor.operatorId,
      actor: actor.actor,
      action: record.action,
      target_type: record.targetType ?? null,
      target_id: record.targetId === undefined ? null : String(record.targetId),
      details: JSON.stringify({ via: actor.via, ...record.details }),
    })
    .execute();
  actor.audits = (actor.audits ?? 0) + 1;
}

export type GrantOutcome = { userId: number; account: string; operator: boolean; changed: boolean } | 'no-member';

export function operatorsRepository(db: Kysely<Schema>) {
  /** A member (not a guest) by id, with their account name. */
  const memberRow = (trx: Kysely<Schema>, userId: number) =>
    trx.selectFrom('users').select(['id', 'account']).where('id', '=', userId).where('is_user', '=', true).executeTakeFirst();

  return {
    /** Whether `userId` holds the operator role; read on every admin call, never cached, so a revoke is immediate. */
    async isOperator(userId: number): Promise<boolean> {
      const row = await db.selectFrom('operators').select('user_id').where('user_id', '=', userId).executeTakeFirst();
      return row !== undefined;
    },

    /** Grants the role (once, however many race: the key decides) and records it. */
    async grant(actor: Actor, userId: number): Promise<GrantOutcome> {
      return db.transaction().execute(async (trx) => {
        const member = await memberRow(trx, userId);
        if (!member) return 'no-member';
        const inserted = await trx
          .insertInto('operators')
          .values({ user_id: userId, granted_by: actor.actor })
          .onConflict((oc) => oc.column('user_id').doNothing())
          .returning('user_id')
          .executeTakeFirst();
        const changed = inserted !== undefined;
        await writeAudit(trx, actor, { action: 'operator.grant', targetType: 'user', targetId: userId, details: { account: member.account, changed } });
        return { userId, account: member.account ?? '', operator: true, changed };
      });
    },

    /** Takes the role back and records it. */
    async revoke(actor: Actor, userId: number): Promise<GrantOutcome> {
      return db.transaction().execute(async (trx) => {
        const member = await memberRow(trx, userId);
        if (!member) return 'no-member';
        const deleted = await trx.deleteFrom('operators').where('user_id', '=', userId).executeTakeFirst();
        const changed = Number(deleted.numDeletedRows) > 0;
        await writeAudit(trx, actor, { action: 'operator.revoke', targetType: 'user', targetId: userId, details: { account: member.account, changed } });
        return { userId, account: member.account ?? '', operator: false, changed };
      });
    },

    list(offset: number, limit: number): Promise<Paged<OperatorItem>> {
      const query = db
        .selectFrom('operators as o')
        .innerJoin('users as u', 'u.id', 'o.user_id')
        .select(['o.user_id', 'u.account', 'u.nickname', 'o.granted_by', 'o.granted_at'])
        .orderBy('o.granted_at', 'desc')
        .orderBy('o.user_id', 'desc');
      return page(query, offset, limit, (rows) =>
        rows.map((r) => ({
          userId: r.user_id,
          account: r.account ?? '',
          nickname: r.nickname,
          grantedBy: r.granted_by,
          grantedAt: new Date(r.granted_at).toISOString(),
        })),
      );
    },

    /** Records an action in its own statement (for actions that are not one transaction). */
    audit(actor: Actor, record: AuditRecord): Promise<void> {
      return writeAudit(db, actor, record);
    },

    /** The audit log, newest first, optionally of one action and/or one operator. */
    auditList(filter: { action?: string; operatorId?: number }, offset: number, limit: number): Promise<Paged<AuditEntry>> {
      const query = db
        .selectFrom('audit_log')
        .select(['id', 'operator_id', 'actor', 'action', 'target_type', 'target_id', 'details', 'created_at'])
        .$if(filter.action !== undefined, (q) => q.where('action', '=', filter.action!))
        .$if(filter.operatorId !== undefined, (q) => q.where('operator_id', '=', filter.operatorId!))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc');
      return page(query, offset, limit, (rows) =>
        rows.map((r) => ({
          id: Number(r.id),
          operatorId: r.operator_id,
          actor: r.actor,
          action: r.action,
          targetType: r.target_type,
          targetId: r.target_id,
          details: (typeof r.details === 'string' ? JSON.parse(r.details) : (r.details ?? {})) as Record<string, unknown>,
          createdAt: new Date(r.created_at).toISOString(),
        })),
      );
    },
  };
}

export type OperatorsRepository = ReturnType<typeof operatorsRepository>;
