import QRCode from 'qrcode';
import { useMemo } from 'react';

/**
 * A QR code of `value`, drawn here as SVG from the qrcode library's module matrix (no network, no
 * image service ever sees the value). Dark on white with the standard four-module quiet zone, so a
 * phone's camera or a till's scanner reads it from a screen. `label` names it for assistive
 * technology; `className` sizes it.
 */
export function QrCode({ value, label, className }: { value: string; label: string; className?: string }) {
  const { size, path } = useMemo(() => {
    const { modules } = QRCode.create(value, { errorCorrectionLevel: 'M' });
    const quiet = 4;
    let d = '';
    for (let row = 0; row < modules.size; row += 1) {
      for (let column = 0; column < modules.size; column += 1) {
        if (modules.get(row, column)) d += `M${column + quiet} ${row + quiet}h1v1h-1z`;
      }
    }
    return { size: modules.size + quiet * 2, path: d };
  }, [value]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className={className}
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
