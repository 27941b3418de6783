import { Type } from 'typebox';
import { ADMIN_API } from '../../../protocol/admin-api.ts';
import { AuditEntry, AuditListBody, MemberRefBody, OperatorChange, OperatorItem, OperatorListBody, Whoami } from '../../../protocol/contracts/admin.ts';
import { PageOf } from '../../../protocol/contracts/common.ts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../plugins/api-error.ts';
import { pageOf } from '../page-result.ts';
import type { ApiInstance } from '../schemas.ts';
import { adminEndpoints } from './admin-endpoint.ts';
import { MEMBER_TIPS, memberOfRef } from './member-ref.ts';

/** Who is calling, the operator role (granted and revoked by the local tool only) and the audit log. */
export async function operatorRoutes(api: ApiInstance, ctx: AppContext): Promise<void> {
  const admin = adminEndpoints(api, ctx);

  admin(
    ADMIN_API.whoami,
    {
      summary: 'Who the caller is to the admin API (an operator or the local tool) and which database the server runs on',
      body: Type.Object({}, { additionalProperties: false }),
      answer: Whoami,
      answerName: 'Whoami',
    },
    async ({ operator }) => ({
      actor: operator.actor,
      operatorId: operator.operatorId,
      via: operator.via,
      database: ctx.database.kind,
      ready: ctx.ready,
    }),
  );

  const roleChanges = [
    {
      path: ADMIN_API.operatorGrant,
      summary: 'Grants the operator role to a member (by account or userId); granting it again changes nothing',
      change: 'grant',
    },
    {
      path: ADMIN_API.operatorRevoke,
      summary: 'Takes the operator role back from a member; their next admin call is refused',
      change: 'revoke',
    },
  ] as const;
  for (const { path, summary, change } of roleChanges) {
    admin(
      path,
      { summary, body: MemberRefBody, answer: OperatorChange, answerName: 'OperatorChange', changes: true, localOnly: true },
      async ({ body, operator }) => {
        const member = await memberOfRef(ctx, body);
        const outcome = await ctx.operators[change](operator, member.id);
        if (outcome === 'no-member') throw notFound(MEMBER_TIPS.noMember);
        return outcome;
      },
    );
  }

  admin(
    ADMIN_API.operatorList,
    { summary: 'The operators, newest first', body: OperatorListBody, answer: PageOf(OperatorItem), answerName: 'Page<OperatorItem>' },
    async ({ body }) => pageOf(body, (offset, size) => ctx.operators.list(offset, size)),
  );

  admin(
    ADMIN_API.auditList,
    {
      summary: 'The audit log, newest first: who did what to what, with the details, optionally of one action or operator',
      body: AuditListBody,
      answer: PageOf(AuditEntry),
      answerName: 'Page<AuditEntry>',
    },
    async ({ body }) => pageOf(body, (offset, size) => ctx.operators.auditList({ action: body.action, operatorId: body.operatorId }, offset, size)),
  );
}
