/** Touch gestures on the video surface: double-tapping the left or right third seeks 10 s. */
export const DOUBLE_TAP_MS = 300;
export const DOUBLE_TAP_SEEK_S = 10;

export type TapZone = 'left' | 'middle' | 'right';

export function tapZone(x: number, width: number): TapZone {
  if (width <= 0) return 'middle';
  const third = width / 3;
  if (x < third) return 'left';
  if (x > width - third) return 'right';
  return 'middle';
}

export interface Tap {
  at: number;
  zone: TapZone;
}

/** Seconds to seek for this tap given the previous one, or 0 when it is not a side double tap. */
export function doubleTapSeek(previous: Tap | null, tap: Tap): number {
  if (!previous || tap.zone === 'middle' || tap.zone !== previous.zone || tap.at - previous.at > DOUBLE_TAP_MS) return 0;
  return tap.zone === 'left' ? -DOUBLE_TAP_SEEK_S : DOUBLE_TAP_SEEK_S;
}

/** Keyboard shortcuts on desktop (focus outside text fields): what each key does. */
export type KeyAction = 'toggle' | 'back' | 'forward' | 'volumeUp' | 'volumeDown' | 'mute' | 'fullscreen' | 'closeMenu';

export function keyAction(key: string): KeyAction | null {
  switch (key) {
    case ' ':
    case 'k':
      return 'toggle';
    case 'ArrowLeft':
      return 'back';
    case 'ArrowRight':
      return 'forward';
    case 'ArrowUp':
      return 'volumeUp';
    case 'ArrowDown':
      return 'volumeDown';
    case 'm':
      return 'mute';
    case 'f':
      return 'fullscreen';
    case 'Escape':
      return 'closeMenu';
    default:
      return null;
  }
}
