/** What several commands share: paging options, how a member is named, how a page prints. */
import type { Page } from '../../../protocol/api.ts';
import type { AdminClient } from '../connect.ts';
import { intValue, UsageError, type OptionSpec, type OptionValues } from '../framework.ts';
import { pageLine, table } from '../table.ts';

export const PAGING_OPTIONS: Record<string, OptionSpec> = {
  page: { type: 'string', placeholder: 'n', description: 'which page (default 1)' },
  size: { type: 'string', placeholder: 'n', description: 'items per page, 1 to 50 (default 20)' },
};

export function pagingOf(options: OptionValues): { page: number; pageSize: number } {
  const page = options.page === undefined ? 1 : intValue(options.page, '--page');
  const pageSize = options.size === undefined ? 20 : intValue(options.size, '--size');
  if (pageSize > 50) throw new UsageError(`--size must be at most 50, got ${pageSize}`);
  return { page, pageSize };
}

export const MEMBER_ARG = { name: 'member', description: 'an account name, or id:<number> for a user id' };

/** The member a command names: an account name, or id:123. */
export function memberRef(value: unknown): { account: string } | { userId: number } {
  const text = String(value ?? '').trim();
  if (!text) throw new UsageError('missing <member>');
  const id = /^id:(.*)$/i.exec(text);
  return id ? { userId: intValue(id[1], '<member> id') } : { account: text };
}

/** A page as a table with a footer line. */
export function printPage<T>(page: Page<T>, headers: string[], row: (item: T) => (string | number | null | undefined)[], out: (line: string) => void): void {
  if (page.list.length) for (const line of table(headers, page.list.map(row))) out(line);
  out(pageLine(page));
}

/** A date as the operator reads it: local time, to the minute. */
export const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('sv-SE', { hour12: false }).slice(0, 16) : '');

/**
 * Calls one admin path. The body is an argument, so it is built (and its arguments checked) before
 * the tool connects: a usage error never waits for a database.
 */
export async function ask<T>(admin: () => Promise<AdminClient>, path: string, body: unknown): Promise<T> {
  return (await admin()).call<T>(path, body);
}
