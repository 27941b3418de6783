import { useMemo } from 'react';
import { encode } from 'uqr';
import { qrModulesPath } from './qr-path.ts';

/** The QR code of `value`, drawn as crisp SVG (quiet zone included) on white so any camera reads it. */
export function QrCode({ value, label, className }: { value: string; label: string; className?: string }) {
  const { size, path } = useMemo(() => {
    const qr = encode(value, { ecc: 'M', border: 2 });
    return { size: qr.size, path: qrModulesPath(qr.data) };
  }, [value]);
  return (
    <svg
      className={className}
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      data-testid="share-qr"
      data-value={value}
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
