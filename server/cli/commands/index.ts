/**
 * Every command of the tool, in the order --help lists them. A new part (Manage, import, backups,
 * the worker) adds its file beside these and its list here.
 */
import type { Command } from '../framework.ts';
import { BACKUP_COMMANDS } from './backup.ts';
import { IMPORT_COMMANDS } from './import.ts';
import { MANAGE_COMMANDS } from './manage.ts';
import { MODERATION_COMMANDS } from './moderation.ts';
import { OPERATOR_COMMANDS } from './operators.ts';
import { WORKER_COMMANDS } from './worker.ts';

export const COMMANDS: Command[] = [
  ...OPERATOR_COMMANDS,
  ...MODERATION_COMMANDS,
  ...MANAGE_COMMANDS,
  ...IMPORT_COMMANDS,
  ...BACKUP_COMMANDS,
  ...WORKER_COMMANDS,
];
