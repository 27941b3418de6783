/** Query values arrive as numbers or strings depending on how the link was built. */
export function optionalNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

export function optionalString(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return undefined;
}

/** A search whose values are all numbers, each missing or unreadable one left undefined. */
export function numberSearch<K extends string>(...keys: K[]) {
  return (search: Record<string, unknown>): { [P in K]?: number } => {
    const values: { [P in K]?: number } = {};
    for (const key of keys) values[key] = optionalNumber(search[key]);
    return values;
  };
}

/** Ids are positive integers; anything else names nothing. */
export function isValidId(value: number | undefined): value is number {
  return value !== undefined && Number.isInteger(value) && value > 0;
}
