import { useMemo } from 'react';
import { qrMatrix, qrModulesPath } from './qr-path.ts';

/** The QR code of `value`, drawn as crisp SVG (quiet zone included) on white so any camera reads it. */
export function QrCode({ value, label, className, testId = 'share-qr' }: { value: string; label: string; className?: string; testId?: string }) {
  const { size, path } = useMemo(() => {
    const { size, modules } = qrMatrix(value);
    return { size, path: qrModulesPath(modules) };
  }, [value]);
  return (
    <svg
      className={className}
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      data-testid={testId}
      data-value={value}
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
