import type { MouseEvent, ReactNode } from 'react';
import type { VideoItem } from '../../protocol/api.ts';
import { formatDuration } from '../lib/format.ts';
import { openContent, useAppNavigate } from '../lib/navigation.ts';
import { MaskedImage } from './ui/masked-image.tsx';
import card from './video-card.module.css';

const join = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ');

/**
 * The link of every video card: a real link to the video page (so a modified click opens a new
 * tab or window as the browser does), an in-app navigation on a plain click.
 */
export function VideoLink({
  video,
  className,
  onOpen,
  children,
}: {
  video: VideoItem;
  className?: string;
  onOpen?: (video: VideoItem) => void;
  children: ReactNode;
}) {
  const navigate = useAppNavigate();
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    if (onOpen) onOpen(video);
    else openContent(video, navigate);
  };
  return (
    <a className={join(card.link, className)} href={`/videoDetails?id=${video.id}`} onClick={open} title={video.title}>
      {children}
    </a>
  );
}

export interface VideoThumbProps {
  video: VideoItem;
  /** The image `sizes` of the card's slot, so the browser fetches a fitting width. */
  sizes: string;
  eager?: boolean;
  /** Empty when the title is drawn on the poster. */
  alt?: string;
  className?: string;
  durationClassName?: string;
  children?: ReactNode;
}

/** A video's poster at 16:9 (unless the card says otherwise) with its duration badge. */
export function VideoThumb({ video, sizes, eager = false, alt = video.title, className, durationClassName, children }: VideoThumbProps) {
  return (
    <div className={join(card.thumb, className)}>
      <MaskedImage
        path={video.cover}
        width={video.coverWidth || 640}
        height={video.coverHeight || 360}
        alt={alt}
        className={card.image}
        sizes={sizes}
        loading={eager ? 'eager' : 'lazy'}
      />
      <span className={join(card.duration, durationClassName)} data-testid="video-duration">
        {formatDuration(video.duration)}
      </span>
      {children}
    </div>
  );
}

/** The title and meta line classes of the card style, for cards that lay them out themselves. */
export const cardText = { title: card.title, meta: card.meta };
