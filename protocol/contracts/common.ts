/**
 * The building blocks of the API contracts: each schema below is JSON Schema (validated and
 * served as OpenAPI by the server) and, through `Static`, the TypeScript type of the same name.
 * Fields are required unless marked Optional.
 */
import { Type, type Static, type TInteger, type TProperties, type TSchema, type TString } from 'typebox';

/** Database ids: positive 32-bit integers. */
export const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });

/** page (1-based) and pageSize (1..50) of every paged request body. */
export const PageBody = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 100000 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 50 }),
});
export type PageBody = Static<typeof PageBody>;

export const IdBody = Type.Object({ id: Id }, { additionalProperties: false });
export type IdBody = Static<typeof IdBody>;

/** A body with no fields. */
export const EmptyBody = Type.Object({}, { additionalProperties: false });

/** Sort keys accepted by list bodies. */
export const SortKey = Type.Enum(['latest', 'hot', 'collect'], { default: 'latest' });
export type SortKey = Static<typeof SortKey>;

/** Where a page sits in its list. */
const PageMeta = Type.Object({ page: Type.Integer(), pageSize: Type.Integer(), total: Type.Integer(), hasMore: Type.Boolean() });

/** One page of a list: Page<T>. */
export const PageOf = <T extends TSchema>(item: T) => Type.Object({ list: Type.Array(item), ...PageMeta.properties });

export type Page<T> = Static<typeof PageMeta> & { list: T[] };

/**
 * A list item of one content type (2 video, 3 review, 5 post, 8 creator): id and contentType
 * first, which is what navigation reads, then the type's own fields.
 */
export const ContentItem = <C extends number, P extends TProperties>(contentType: C, properties: P) =>
  Type.Object({ id: Type.Integer(), contentType: Type.Literal(contentType), ...properties });

/**
 * A picture (`name`: its path relative to the IMAGE base) with its size in pixels, `nameWidth` and
 * `nameHeight`, so a page can reserve its box before it loads.
 */
export const Picture = <N extends string>(name: N, widthDescription?: string) =>
  ({
    [name]: Type.String(),
    [`${name}Width`]: Type.Integer(widthDescription ? { description: widthDescription } : {}),
    [`${name}Height`]: Type.Integer(),
  }) as { [K in N]: TString } & { [K in `${N}Width` | `${N}Height`]: TInteger };

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** An ISO 8601 time. */
export const DateTime = Type.String({ format: 'date-time' });

/** The author of a review or post, the writer of a comment. */
export const Author = Type.Object({ id: Type.Integer(), nickname: Type.String(), avatar: Type.String() });

/** The response envelope around `data` (PROTOCOL.md, "Response envelope"). */
export const EnvelopeOf = <T extends TSchema>(data: T, description: string) =>
  Type.Object(
    {
      code: Type.Integer({ description: '200 on success' }),
      tip: Type.String(),
      hash: Type.Boolean({ description: 'true when data is encrypted' }),
      data: Type.Union([Type.String(), data, Type.Null()], {
        description: 'The value below; when hash is true, the base64 AES-256-GCM of its JSON (PROTOCOL.md)',
      }),
    },
    { description },
  );
