import type { Thumbnails } from '../../../../protocol/api.ts';
import { useUnmaskedSrc } from '../../../components/ui/masked-image.tsx';
import { formatDuration } from '../../../lib/format.ts';
import { THUMBNAIL_SIZE } from './player-config.ts';
import { previewLeft, thumbnailStyle } from './thumbnails.ts';
import styles from './hd-player.module.css';

export interface ProgressPreviewProps {
  thumbnails: Thumbnails | undefined;
  /** The time under the pointer or finger. */
  time: number;
  /** Pointer offset from the bar's left edge, and the bar's width, in CSS px. */
  x: number;
  barWidth: number;
}

/** The 160x90 frame of the hovered (desktop) or dragged (touch) time, with that time above it. */
export function ProgressPreview({ thumbnails, time, x, barWidth }: ProgressPreviewProps) {
  // The sheet is masked like every image: the service worker or the crypto worker unmasks it.
  const { src } = useUnmaskedSrc(thumbnails?.url ?? '');
  const width = thumbnails?.width ?? THUMBNAIL_SIZE.width;
  return (
    <div className={styles.preview} style={{ left: previewLeft(x, barWidth, width), width }} data-testid="progress-preview" aria-hidden="true">
      <span className={styles.previewTime} data-testid="progress-preview-time">
        {formatDuration(time)}
      </span>
      {thumbnails ? <span className={styles.previewImage} style={thumbnailStyle(time, thumbnails, src)} data-testid="progress-preview-image" /> : null}
    </div>
  );
}
