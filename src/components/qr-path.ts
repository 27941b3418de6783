import { encode } from 'uqr';

/** One SVG path for the dark modules of a QR matrix: a 1x1 square per module, in module units. */
export function qrModulesPath(modules: readonly (readonly boolean[])[]): string {
  let path = '';
  modules.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    });
  });
  return path;
}

/** The QR matrix of `value` (error correction M, a 2-module quiet zone): `size` modules a side. */
export function qrMatrix(value: string): { size: number; modules: boolean[][] } {
  const qr = encode(value, { ecc: 'M', border: 2 });
  return { size: qr.size, modules: qr.data };
}
