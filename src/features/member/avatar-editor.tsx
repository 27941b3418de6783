import { useCallback, useEffect, useId, useState, type HTMLAttributes } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import 'react-easy-crop/react-easy-crop.css';
import button from '../../components/ui/button.module.css';
import { SheetDialog } from '../../components/ui/sheet-dialog.tsx';
import { useTranslation } from '../../i18n/index.ts';
import { toast } from '../../lib/toast.ts';
import styles from './avatar-editor.module.css';
import { AVATAR_SIZE, cropToSquare } from './avatar-crop.ts';
import { useSetAvatar } from './api/avatar.ts';

const MAX_ZOOM = 4;

/**
 * The avatar editor: the picked image under a square frame, moved by dragging (or the arrow keys
 * once the frame has focus) and zoomed by pinching, the wheel or the slider; 保存 crops it to a
 * 512 px square in the browser, uploads it and makes it the avatar. A modal dialog: Esc, 取消 and
 * the backdrop close it without changing anything.
 */
export default function AvatarEditor({ file, onClose }: { file: File; onClose: () => void }) {
  const { t } = useTranslation();
  const zoomId = useId();
  const [source, setSource] = useState('');
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [unreadable, setUnreadable] = useState(false);
  const save = useSetAvatar();

  // The picked file is decoded first: a file that is not a picture never reaches the cropper. Its
  // address is made and released with the mount (twice over under StrictMode).
  useEffect(() => {
    let url = '';
    let alive = true;
    createImageBitmap(file).then(
      (bitmap) => {
        bitmap.close();
        if (!alive) return;
        url = URL.createObjectURL(file);
        setSource(url);
      },
      () => alive && setUnreadable(true),
    );
    return () => {
      alive = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [file]);

  const onCropComplete = useCallback((_: Area, pixels: Area) => setArea(pixels), []);

  async function submit() {
    if (!area || !source) return;
    let blob: Blob;
    try {
      blob = await cropToSquare(source, area, AVATAR_SIZE);
    } catch {
      setUnreadable(true);
      return;
    }
    save.mutate(blob, {
      onSuccess: () => {
        toast(t('avatar.saved'));
        onClose();
      },
    });
  }

  return (
    <SheetDialog heading={t('avatar.heading')} onClose={onClose} busy={save.isPending} testId="avatar-editor">
      <p className={styles.hint}>{t('avatar.hint')}</p>
      <div className={styles.stage}>
        {unreadable ? (
          <p className={styles.unreadable} role="alert">
            {t('avatar.unreadable')}
          </p>
        ) : source ? (
          <Cropper
            image={source}
            crop={crop}
            zoom={zoom}
            maxZoom={MAX_ZOOM}
            aspect={1}
            cropShape="round"
            showGrid={false}
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onCropComplete={onCropComplete}
            disableAutomaticStylesInjection
            keyboardStep={8}
            mediaProps={{ onError: () => setUnreadable(true), alt: '' }}
            cropperProps={{ role: 'group', 'aria-label': t('avatar.frame'), 'data-testid': 'avatar-frame' } as HTMLAttributes<HTMLDivElement>}
          />
        ) : null}
      </div>
      <div className={styles.zoom}>
        <label htmlFor={zoomId}>{t('avatar.zoom')}</label>
        <input
          id={zoomId}
          type="range"
          min={1}
          max={MAX_ZOOM}
          step={0.01}
          value={zoom}
          onChange={(e) => setZoom(Number(e.target.value))}
          disabled={unreadable}
        />
      </div>
      <div className={styles.actions}>
        <button type="button" className={button.button} onClick={onClose} disabled={save.isPending}>
          {t('common.cancel')}
        </button>
        <button
          type="button"
          className={button.primary}
          onClick={() => void submit()}
          disabled={!area || unreadable || save.isPending}
          data-testid="avatar-save"
        >
          {save.isPending ? t('avatar.saving') : t('avatar.save')}
        </button>
      </div>
    </SheetDialog>
  );
}
