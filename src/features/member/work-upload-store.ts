import { proxy } from 'valtio';

/**
 * Where the member's upload stands: picking a file, sending it (or paused, or stopped by an error),
 * sent, being posted, posted (then the work's own state takes over). Kept outside the upload sheet,
 * so the sheet can close and open again without losing the upload or what was typed.
 */
export type UploadPhase = 'idle' | 'starting' | 'uploading' | 'paused' | 'error' | 'uploaded' | 'posting' | 'posted';

export interface WorkDraft {
  title: string;
  description: string;
  categoryId: number;
  tagIds: number[];
  /** 0: none. */
  collectionId: number;
}

export const emptyWorkDraft = (): WorkDraft => ({ title: '', description: '', categoryId: 0, tagIds: [], collectionId: 0 });

export interface WorkUploadState {
  /** Whose upload this is: another sign-in starts afresh. */
  userId: number;
  phase: UploadPhase;
  fileName: string;
  bytesSent: number;
  bytesTotal: number;
  /** Where a resumed upload continued from (bytes), or -1. */
  resumedFrom: number;
  /** Why the upload stopped (phase error), already in words. */
  error: string;
  /** The tus upload's id once every byte arrived. */
  uploadId: string;
  /** One id per attempt to post this upload, so a retried post makes one work. */
  requestId: string;
  workId: number;
  draft: WorkDraft;
  /** Whether the work is shown to everyone once ready (仅自己可见 unchecked). */
  isPublic: boolean;
}

/** A fresh form for `userId`. */
const freshWorkUpload = (userId: number): WorkUploadState => ({
  userId,
  phase: 'idle',
  fileName: '',
  bytesSent: 0,
  bytesTotal: 0,
  resumedFrom: -1,
  error: '',
  uploadId: '',
  requestId: '',
  workId: 0,
  draft: emptyWorkDraft(),
  isPublic: true,
});

export const workUpload = proxy<WorkUploadState>(freshWorkUpload(0));

/** Back to a fresh form for `userId` (what a new upload or another member starts from). */
export function resetWorkUpload(userId: number): void {
  Object.assign(workUpload, freshWorkUpload(userId));
}

/** An upload is under way (or waiting to be resumed or posted): the sheet may be closed meanwhile. */
export const uploadInProgress = (state: Pick<WorkUploadState, 'phase'>) => ['starting', 'uploading', 'paused', 'error', 'uploaded'].includes(state.phase);
