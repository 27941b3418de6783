/** JSON schemas shared by the route groups; they mirror protocol/api.ts. */
export const envelopeOf = (data: object, description: string) => ({
  description,
  type: 'object',
  properties: {
    code: { type: 'integer', description: '200 on success' },
    tip: { type: 'string' },
    hash: { type: 'boolean', description: 'true when data is encrypted' },
    data: {
      description: 'The value below; when hash is true, the base64 AES-256-GCM of its JSON (PROTOCOL.md)',
      anyOf: [{ type: 'string' }, data, { type: 'null' }],
    },
  },
});

export const userInfo = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    account: { type: 'string' },
    mobile: { type: 'string' },
    nickname: { type: 'string' },
    avatar: { type: 'string', description: 'path relative to the IMAGE base' },
    isUser: { type: 'boolean', description: 'false for guests' },
  },
};

export const loginResult = {
  type: 'object',
  properties: {
    token: { type: 'string' },
    userInfo,
    uuid: { type: 'string', description: 'guest login only, when a new guest was made: the device secret to send with its devID next time' },
  },
};

export const videoItem = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    contentType: { type: 'integer', const: 2 },
    title: { type: 'string' },
    cover: { type: 'string' },
    coverWidth: { type: 'integer' },
    coverHeight: { type: 'integer' },
    duration: { type: 'integer', description: 'seconds' },
    playCount: { type: 'integer' },
    likeCount: { type: 'integer' },
    commentCount: { type: 'integer' },
    categoryId: { type: 'integer' },
    createdAt: { type: 'string', format: 'date-time' },
  },
};

export const uploadResult = {
  type: 'object',
  properties: {
    path: { type: 'string', description: 'path relative to the IMAGE base' },
    width: { type: 'integer' },
    height: { type: 'integer' },
    type: { type: 'string' },
  },
};

export const signedHeaders = {
  type: 'object',
  properties: {
    'x-secret': { type: 'string' },
    'x-ua': { type: 'string' },
    'x-timestamp': { type: 'string' },
    'x-nonce': { type: 'string' },
    'x-api-key': { type: 'string' },
    authorization: { type: 'string', description: 'Bearer TOKEN' },
  },
  required: ['x-secret', 'x-ua', 'x-timestamp', 'x-nonce', 'x-api-key'],
};

export const idBody = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
};

/** Page<T> of protocol/api.ts. */
export const pageOf = (items: object) => ({
  type: 'object',
  properties: {
    list: { type: 'array', items },
    page: { type: 'integer' },
    pageSize: { type: 'integer' },
    total: { type: 'integer' },
    hasMore: { type: 'boolean' },
  },
});

/** page (1-based) and pageSize (1..50) of every paged request body. */
export const pagingProperties = {
  page: { type: 'integer', minimum: 1, maximum: 100000 },
  pageSize: { type: 'integer', minimum: 1, maximum: 50 },
};

export const tagItem = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    categoryId: { type: 'integer' },
    contentType: { type: 'integer', description: '2: video tag, 8: creator tag' },
    count: { type: 'integer', description: 'items carrying the tag' },
  },
};

export const tagCategory = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    contentType: { type: 'integer' },
    tags: { type: 'array', items: tagItem },
  },
};

export const actressItem = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    contentType: { type: 'integer', const: 8 },
    name: { type: 'string' },
    avatar: { type: 'string' },
    intro: { type: 'string' },
    videoCount: { type: 'integer' },
    fansCount: { type: 'integer' },
    tags: { type: 'array', items: tagItem },
  },
};

export const actressDetail = {
  type: 'object',
  properties: {
    ...actressItem.properties,
    cover: { type: 'string' },
    coverWidth: { type: 'integer' },
    coverHeight: { type: 'integer' },
    bio: { type: 'string' },
    isCollect: { type: 'boolean', description: 'whether the caller follows the creator' },
  },
};

export const topicItem = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    title: { type: 'string' },
    type: { type: 'integer', minimum: 1, maximum: 7, description: 'display type 1..7' },
    cover: { type: 'string' },
    coverWidth: { type: 'integer' },
    coverHeight: { type: 'integer' },
    description: { type: 'string' },
    videoCount: { type: 'integer' },
  },
};

const author = {
  type: 'object',
  properties: { id: { type: 'integer' }, nickname: { type: 'string' }, avatar: { type: 'string' } },
};

export const reviewItem = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    contentType: { type: 'integer', const: 3 },
    title: { type: 'string' },
    summary: { type: 'string' },
    author,
    video: videoItem,
    score: { type: 'integer', description: 'out of 10' },
    likeCount: { type: 'integer' },
    commentCount: { type: 'integer' },
    selected: { type: 'boolean' },
    createdAt: { type: 'string', format: 'date-time' },
  },
};

export const reviewDetail = {
  type: 'object',
  properties: {
    ...reviewItem.properties,
    content: { type: 'string', description: 'plain text, paragraphs separated by blank lines' },
    tags: { type: 'array', items: tagItem },
  },
};

export const postItem = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    contentType: { type: 'integer', const: 5 },
    title: { type: 'string' },
    summary: { type: 'string', description: 'plain-text excerpt of the body, around the match in a search' },
    author,
    videoId: { anyOf: [{ type: 'integer' }, { type: 'null' }], description: 'the video the post discusses' },
    viewCount: { type: 'integer' },
    likeCount: { type: 'integer' },
    commentCount: { type: 'integer' },
    createdAt: { type: 'string', format: 'date-time' },
  },
};

export const postDetail = {
  type: 'object',
  properties: {
    ...postItem.properties,
    content: { type: 'string', description: 'plain text, paragraphs separated by blank lines' },
    video: { anyOf: [videoItem, { type: 'null' }] },
  },
};

/** Optional sort of list bodies. */
export const sortProperty = { type: 'string', enum: ['latest', 'hot', 'collect'], default: 'latest' };

/** An optional id (tid, tagCateId, videoId) in a body. */
export const optionalId = { type: 'integer', minimum: 1, maximum: 2147483647 };
