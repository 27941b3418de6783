/**
 * Contracts of reporting (report/add) and blocking (user/block, user/unblock, user/blocklist).
 * Every call is POST with a JSON body.
 */
import { Type, type Static } from 'typebox';
import { REPORT_DETAIL_MAX, REPORT_REASON_CODES, REPORT_REASONS, REPORT_TARGETS } from '../safety-api.ts';
import { DateTime, Id, PageBody } from './common.ts';

/** Bodies are closed: an unknown field is bad input. */
const body = <P extends Parameters<typeof Type.Object>[0]>(properties: P) => Type.Object(properties, { additionalProperties: false });

const reasonNames = Object.entries(REPORT_REASONS)
  .map(([code, name]) => `${code} (${name})`)
  .join(', ');

/** report/add: what is reported, why, and in the reporter's words when the reason is other. */
export const ReportAddBody = body({
  targetType: Type.Enum([...REPORT_TARGETS], { description: 'what is reported' }),
  targetId: Id,
  reason: Type.Enum([...REPORT_REASON_CODES], { description: `one of: ${reasonNames}` }),
  detail: Type.Optional(
    Type.String({
      maxLength: REPORT_DETAIL_MAX * 4,
      description: `plain text, up to ${REPORT_DETAIL_MAX} characters after trimming; required when reason is other`,
    }),
  ),
});
export type ReportAddBody = Static<typeof ReportAddBody>;

/** What report/add answers: the report in the operators' queue, and whether it was there already. */
export const ReportReceipt = Type.Object({
  id: Type.Integer(),
  status: Type.Literal('open'),
  createdAt: DateTime,
  duplicate: Type.Boolean({ description: 'true when the caller had already reported this target and it is still open: nothing new was stored' }),
});
export type ReportReceipt = Static<typeof ReportReceipt>;

/** user/block and user/unblock: the member concerned. */
export const BlockBody = body({ userId: Id });
export type BlockBody = Static<typeof BlockBody>;

/** Whether the caller now blocks the member. */
export const BlockState = Type.Object({ userId: Type.Integer(), blocked: Type.Boolean() });
export type BlockState = Static<typeof BlockState>;

/** user/blocklist: a page of the caller's blocked members. */
export const BlocklistBody = body(PageBody.properties);

/** A member the caller blocked, as the blocklist shows them. */
export const BlockedMember = Type.Object({ id: Type.Integer(), nickname: Type.String(), avatar: Type.String(), blockedAt: DateTime });
export type BlockedMember = Static<typeof BlockedMember>;
