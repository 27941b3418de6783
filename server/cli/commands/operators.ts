import { ADMIN_API, type AuditEntry, type OperatorItem, type Whoami } from '../../../protocol/admin-api.ts';
import type { Page } from '../../../protocol/api.ts';
import type { OperatorChange } from '../../../protocol/contracts/admin.ts';
import { intValue, type Command } from '../framework.ts';
import { clip } from '../table.ts';
import { ask, MEMBER_ARG, memberRef, PAGING_OPTIONS, pagingOf, printPage, when } from './shared.ts';

const status: Command<Omit<Whoami, 'via'> & { via: 'server' | 'in-process'; where: string }> = {
  name: 'status',
  summary: 'Show how the tool reaches the site (the running server, or the data folder in this process) and as whom',
  examples: ['status', 'status --json'],
  async run({ admin }) {
    const client = await admin();
    const who = await client.call<Whoami>(ADMIN_API.whoami, {});
    return { ...who, via: client.via === 'http' ? 'server' : 'in-process', where: client.where };
  },
  print(r, out) {
    out(`connected: ${r.via === 'server' ? `the running server at ${r.where}` : `data folder ${r.where}, opened in this process`}`);
    out(`acting as: ${r.actor}`);
    out(
      `database:  ${r.database === 'postgres' ? 'PostgreSQL' : 'PGlite'}${r.via === 'server' ? `, ${r.ready ? 'ready' : 'still preparing media and seed'}` : ''}`,
    );
  },
};

const changeLine = (r: OperatorChange) =>
  `${r.account} (id ${r.userId}) ${r.operator ? 'is an operator' : 'is not an operator'}${r.changed ? '' : ' (unchanged: it was already so)'}`;

const grant: Command<OperatorChange> = {
  name: 'operator grant',
  summary: 'Grant the operator role to a member (signed /api/app/admin/ calls from their account)',
  args: [MEMBER_ARG],
  examples: ['operator grant alice', 'operator grant id:1024 --json'],
  run: async ({ args, admin }) => ask(admin, ADMIN_API.operatorGrant, memberRef(args.member)),
  print: (r, out) => out(changeLine(r)),
};

const revoke: Command<OperatorChange> = {
  name: 'operator revoke',
  summary: 'Take the operator role back; their next admin call is refused',
  args: [MEMBER_ARG],
  examples: ['operator revoke alice'],
  run: async ({ args, admin }) => ask(admin, ADMIN_API.operatorRevoke, memberRef(args.member)),
  print: (r, out) => out(changeLine(r)),
};

const list: Command<Page<OperatorItem>> = {
  name: 'operator list',
  summary: 'List the operators, newest first',
  options: PAGING_OPTIONS,
  run: async ({ options, admin }) => ask(admin, ADMIN_API.operatorList, pagingOf(options)),
  print: (page, out) =>
    printPage(page, ['ID', 'ACCOUNT', 'NICKNAME', 'GRANTED', 'BY'], (o) => [o.userId, o.account, clip(o.nickname, 20), when(o.grantedAt), o.grantedBy], out),
};

const audit: Command<Page<AuditEntry>> = {
  name: 'audit list',
  summary: 'Read the audit log, newest first: who did what to what, and when',
  options: {
    action: { type: 'string', placeholder: 'name', description: 'only this action (e.g. moderate.reject, comment.hide, member.suspend)' },
    operator: { type: 'string', placeholder: 'id', description: "only this operator's actions (their user id)" },
    ...PAGING_OPTIONS,
  },
  examples: ['audit list', 'audit list --action moderate.reject --size 50', 'audit list --json'],
  run: async ({ options, admin }) =>
    ask(admin, ADMIN_API.auditList, {
      ...pagingOf(options),
      ...(options.action !== undefined && { action: String(options.action) }),
      ...(options.operator !== undefined && { operatorId: intValue(options.operator, '--operator') }),
    }),
  print: (page, out) =>
    printPage(
      page,
      ['WHEN', 'WHO', 'ACTION', 'TARGET', 'DETAILS'],
      (e) => [
        when(e.createdAt),
        e.actor,
        e.action,
        e.targetType ? `${e.targetType} ${e.targetId ?? ''}` : '',
        clip(JSON.stringify(Object.fromEntries(Object.entries(e.details).filter(([k]) => k !== 'via'))), 60),
      ],
      out,
    ),
};

export const OPERATOR_COMMANDS: Command[] = [status, grant, revoke, list, audit] as Command[];
