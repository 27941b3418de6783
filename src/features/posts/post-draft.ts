import { getDb, upsertByRef } from '../../lib/db.ts';

/** An image of a draft: uploaded (a path the server knows) or, while this page lives, on its way. */
export interface DraftImage {
  /** Stable within the page: the upload's path once there is one. */
  key: string;
  path?: string;
  width: number;
  height: number;
  name: string;
  /** A local preview of a file picked on this page (never saved). */
  preview?: string;
}

export interface PostDraft {
  title: string;
  content: string;
  tagIds: number[];
  price: number;
  /** Uploaded images only: one still uploading when the page closes has to be picked again. */
  images: DraftImage[];
  /** One per draft, so a publish retried after a lost answer publishes once. */
  requestId: string;
}

export const emptyDraft = (): PostDraft => ({ title: '', content: '', tagIds: [], price: 0, images: [], requestId: crypto.randomUUID() });

/** Drafts live in md_db's `other` store, one per member on the device. */
const draftRef = (userId: number) => `post-draft:${userId}`;

/** The member's draft on this device, or an empty one. */
export async function loadDraft(userId: number): Promise<PostDraft> {
  const db = await getDb();
  const row = await db.other.where('refId').equals(draftRef(userId)).first();
  if (!row) return emptyDraft();
  const d = row as unknown as Partial<PostDraft>;
  return {
    title: typeof d.title === 'string' ? d.title : '',
    content: typeof d.content === 'string' ? d.content : '',
    tagIds: Array.isArray(d.tagIds) ? d.tagIds.filter((n) => Number.isInteger(n)) : [],
    price: Number.isInteger(d.price) ? d.price! : 0,
    images: Array.isArray(d.images) ? d.images.filter((i) => typeof i?.path === 'string') : [],
    requestId: typeof d.requestId === 'string' ? d.requestId : crypto.randomUUID(),
  };
}

/** Saves the draft (one row per member, replaced in one transaction). */
export async function saveDraft(userId: number, draft: PostDraft): Promise<void> {
  await upsertByRef('other', draftRef(userId), {
    name: 'post-draft',
    ...draft,
    images: draft.images.filter((i) => i.path).map(({ preview: _local, ...image }) => image),
  });
}

export async function clearDraft(userId: number): Promise<void> {
  const db = await getDb();
  await db.other.where('refId').equals(draftRef(userId)).delete();
}

/** Whether a draft holds anything worth keeping. */
export const isBlank = (d: PostDraft) => !d.title.trim() && !d.content.trim() && d.images.length === 0 && d.tagIds.length === 0 && d.price === 0;
