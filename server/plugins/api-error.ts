import { CODES } from '../../protocol/envelope.ts';

/** A failure answered as an envelope; `status` is the HTTP status (200 unless the protocol says otherwise). */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly tip: string,
    readonly status = 200,
  ) {
    super(tip);
    this.name = 'ApiError';
  }
}

export const badRequest = (tip: string) => new ApiError(CODES.BAD_REQUEST, tip);
export const notFound = (tip: string) => new ApiError(CODES.NOT_FOUND, tip);

/** `value`, or the not-found answer with `tip` when there is none. */
export function found<T>(value: T | null | undefined, tip: string): T {
  if (value === null || value === undefined) throw notFound(tip);
  return value;
}
