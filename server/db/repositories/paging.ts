import { sql, type SelectQueryBuilder } from 'kysely';

/** One page of a list as a repository answers it: the items and the size of the whole list. */
export interface Paged<T> {
  list: T[];
  total: number;
}

/**
 * One page of `query` (what it selects, filters and orders by; no offset or limit): the rows with
 * the size of the whole list in the same query (`count(*) over ()`), or, past the last page where
 * no row carries it, from a count of the same query without its selection and order. `toList`
 * turns the page's rows into the answer's items.
 */
export async function page<DB, TB extends keyof DB, O, T>(
  query: SelectQueryBuilder<DB, TB, O>,
  offset: number,
  limit: number,
  toList: (rows: O[]) => T[] | Promise<T[]>,
): Promise<Paged<T>> {
  const rows = await query
    .select(sql<string>`count(*) over ()`.as('total'))
    .offset(offset)
    .limit(limit)
    .execute();
  // The selections are generic here, so their types are named rather than inferred.
  const first = rows[0] as { total: string } | undefined;
  const total = first ? Number(first.total) : offset > 0 ? await countOf(query) : 0;
  return { total, list: await toList(rows) };
}

async function countOf<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): Promise<number> {
  const row = await query
    .clearSelect()
    .clearOrderBy()
    .select(sql<string>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number((row as { n: string }).n);
}
