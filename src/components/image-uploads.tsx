import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../lib/api-client.ts';
import { toast } from '../lib/toast.ts';
import { MaskedImage } from './ui/masked-image.tsx';
import styles from './image-uploads.module.css';

/** The server's limit per image; bigger files are refused here before any byte is sent. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp,image/avif';

/** An image of a form: uploaded (a path the server knows) or, while the form lives, on its way. */
export interface PickedImage {
  /** Stable within the form. */
  key: string;
  name: string;
  path?: string;
  width: number;
  height: number;
  /** A local preview of a file picked in this form (never saved). */
  preview?: string;
}

export interface UploadedImage {
  path: string;
  width: number;
  height: number;
}

type UploadState = { status: 'uploading' } | { status: 'failed'; message: string };

/** What the form says about its images, in its own words (截图 or 图片). */
export interface ImageUploadText {
  tooMany: string;
  notImage: (name: string) => string;
  tooBig: (name: string) => string;
  failed: string;
}

/**
 * Image picking and uploading for a form whose list of images lives in the caller's state: each
 * picked file is checked (an image, at most 5 MB, room left), previewed at once and uploaded on its
 * own, with its state kept here; a failed one can be retried or removed. Local previews are revoked
 * when the form goes.
 */
export function useImageUploads({
  count,
  max,
  setImages,
  upload,
  text,
  onChange,
}: {
  count: number;
  max: number;
  setImages: (update: (list: PickedImage[]) => PickedImage[]) => void;
  upload: (file: File) => Promise<UploadedImage>;
  text: ImageUploadText;
  /** Called when the member adds or removes an image (to clear an error about them). */
  onChange?: () => void;
}) {
  const [states, setStates] = useState<Record<string, UploadState>>({});
  const files = useRef(new Map<string, File>());
  const previews = useRef(new Set<string>());

  useEffect(() => {
    const urls = previews.current;
    return () => urls.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  async function send(key: string, file: File) {
    setStates((s) => ({ ...s, [key]: { status: 'uploading' } }));
    try {
      const result = await upload(file);
      setImages((list) => list.map((i) => (i.key === key ? { ...i, path: result.path, width: result.width, height: result.height } : i)));
      setStates(({ [key]: _done, ...rest }) => rest);
      files.current.delete(key);
    } catch (error) {
      const message = (error instanceof ApiError && error.tip) || text.failed;
      setStates((s) => ({ ...s, [key]: { status: 'failed', message } }));
    }
  }

  /** Adds what fits of the picked files; answers how many were added. */
  function pick(list: FileList | null): number {
    if (!list) return 0;
    const room = max - count;
    const chosen = [...list];
    if (chosen.length > room) toast(text.tooMany);
    const added: PickedImage[] = [];
    for (const file of chosen.slice(0, Math.max(0, room))) {
      if (!file.type.startsWith('image/')) {
        toast(text.notImage(file.name));
        continue;
      }
      if (file.size > MAX_IMAGE_BYTES) {
        toast(text.tooBig(file.name));
        continue;
      }
      const key = crypto.randomUUID();
      const preview = URL.createObjectURL(file);
      previews.current.add(preview);
      files.current.set(key, file);
      added.push({ key, name: file.name, width: 1, height: 1, preview });
    }
    if (added.length === 0) return 0;
    setImages((images) => [...images, ...added]);
    onChange?.();
    for (const image of added) void send(image.key, files.current.get(image.key)!);
    return added.length;
  }

  function forget(image: PickedImage) {
    if (image.preview) {
      URL.revokeObjectURL(image.preview);
      previews.current.delete(image.preview);
    }
    files.current.delete(image.key);
  }

  function remove(image: PickedImage) {
    setImages((list) => list.filter((i) => i.key !== image.key));
    setStates(({ [image.key]: _gone, ...rest }) => rest);
    forget(image);
    onChange?.();
  }

  function retry(key: string) {
    const file = files.current.get(key);
    if (file) void send(key, file);
  }

  /** After the form is sent: forgets every file and state (the caller empties its list). */
  function reset(images: readonly PickedImage[]) {
    images.forEach(forget);
    setStates({});
  }

  const values = Object.values(states);
  return {
    states,
    pick,
    remove,
    retry,
    reset,
    uploading: values.some((s) => s.status === 'uploading'),
    failed: values.some((s) => s.status === 'failed'),
  };
}

export type ImageUploads = ReturnType<typeof useImageUploads>;

/** The labels of the tiles, in the form's own words. */
export interface ImageTileText {
  add: string;
  alt: (n: number) => string;
  remove: (n: number) => string;
  uploading: (name: string) => string;
  uploadingShort: string;
  failed: string;
  retry: string;
}

/**
 * The images of a form as square tiles: each with its preview, its upload state (a bar while it
 * uploads, a retry when it failed) and a remove button, then an add tile while there is room.
 * `testId` names the list and its parts (`<testId>-images`, `-image`, `-image-retry`, …).
 */
export function ImageUploadTiles({
  images,
  uploads,
  max,
  text,
  testId,
  addId,
  compact = false,
}: {
  images: readonly PickedImage[];
  uploads: ImageUploads;
  max: number;
  text: ImageTileText;
  testId: string;
  /** The add button's id (an error about the images focuses it). */
  addId?: string;
  /** Smaller tiles in a row (a side form) instead of a grid. */
  compact?: boolean;
}) {
  const picker = useRef<HTMLInputElement>(null);
  return (
    <ul className={`${styles.tiles} ${compact ? styles.compact : ''}`} data-testid={`${testId}-images`}>
      {images.map((image, n) => {
        const state = uploads.states[image.key];
        return (
          <li key={image.key} className={styles.tile} data-testid={`${testId}-image`} data-state={state?.status ?? 'done'}>
            {image.preview ? (
              <img src={image.preview} alt={text.alt(n + 1)} className={styles.preview} />
            ) : image.path ? (
              <MaskedImage path={image.path} width={image.width} height={image.height} alt={text.alt(n + 1)} className={styles.preview} sizes="120px" />
            ) : null}
            {state?.status === 'uploading' ? (
              <span className={styles.progress} role="progressbar" aria-label={text.uploading(image.name)}>
                <span className={styles.bar} />
                <span>{text.uploadingShort}</span>
              </span>
            ) : null}
            {state?.status === 'failed' ? (
              <button
                type="button"
                className={styles.retry}
                title={state.message}
                onClick={() => uploads.retry(image.key)}
                data-testid={`${testId}-image-retry`}
              >
                <span>{text.failed}</span>
                <span>{text.retry}</span>
              </button>
            ) : null}
            <button
              type="button"
              className={styles.remove}
              aria-label={text.remove(n + 1)}
              onClick={() => uploads.remove(image)}
              data-testid={`${testId}-image-remove`}
            >
              ×
            </button>
          </li>
        );
      })}
      {images.length < max ? (
        <li className={styles.tile}>
          <button type="button" id={addId} className={styles.add} onClick={() => picker.current?.click()} data-testid={`${testId}-add-image`}>
            <span aria-hidden="true" className={styles.plus}>
              +
            </span>
            <span>{text.add}</span>
          </button>
          <input
            ref={picker}
            type="file"
            accept={ACCEPT}
            multiple
            hidden
            onChange={(e) => {
              uploads.pick(e.target.files);
              e.target.value = '';
            }}
            data-testid={`${testId}-file-input`}
          />
        </li>
      ) : null}
    </ul>
  );
}
