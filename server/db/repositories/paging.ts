/**
 * Total of a paged query that selected `count(*) over ()` as `total`: read from the first row, or,
 * past the last page where no row carries it, from a separate count.
 */
export async function pageTotal(rows: readonly { total: string | number }[], offset: number, count: () => Promise<string | number>): Promise<number> {
  if (rows.length) return Number(rows[0]!.total);
  return offset > 0 ? Number(await count()) : 0;
}
