import { qrMatrix } from '../../components/qr-path.ts';

const WIDTH = 600;
const QR_SIDE = 440;
const PADDING = 40;

/**
 * The account card as a PNG the member keeps: a title, the QR code and two lines under it, drawn
 * on a canvas (what a phone saves to its photos and another phone's camera reads back).
 */
export function drawCardImage(value: string, lines: { title: string; account: string; issued: string; hint: string }): Promise<Blob> {
  const { size, modules } = qrMatrix(value);
  const height = PADDING + 48 + QR_SIDE + 120 + PADDING;
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('no 2d canvas'));
  context.fillStyle = '#fff';
  context.fillRect(0, 0, WIDTH, height);
  context.fillStyle = '#111';
  context.textAlign = 'center';
  context.font = '700 30px system-ui, "Noto Sans CJK SC", sans-serif';
  context.fillText(lines.title, WIDTH / 2, PADDING + 30);
  // Whole pixels per module keep the code sharp for any camera.
  const unit = Math.floor(QR_SIDE / size);
  const left = Math.round((WIDTH - unit * size) / 2);
  const top = PADDING + 48 + Math.round((QR_SIDE - unit * size) / 2);
  modules.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) context.fillRect(left + x * unit, top + y * unit, unit, unit);
    }),
  );
  const below = PADDING + 48 + QR_SIDE + 40;
  context.font = '600 24px system-ui, "Noto Sans CJK SC", sans-serif';
  context.fillText(lines.account, WIDTH / 2, below);
  context.fillStyle = '#555';
  context.font = '20px system-ui, "Noto Sans CJK SC", sans-serif';
  context.fillText(lines.issued, WIDTH / 2, below + 34);
  context.fillText(lines.hint, WIDTH / 2, below + 64);
  return new Promise<Blob>((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('encode failed'))), 'image/png'));
}

/** Hands `blob` to the browser as a download named `name`. */
export function download(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The address a card's QR code opens: the code rides in the fragment, which no server ever receives. */
export function cardUrl(code: string, origin: string = location.origin): string {
  return `${origin}/restore#${code}`;
}
