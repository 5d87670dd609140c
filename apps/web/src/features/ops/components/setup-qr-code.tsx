import QRCode from 'qrcode';
import { useMemo } from 'react';

/**
 * The authenticator's set-up as a QR code, drawn as SVG from the otpauth:// URI with the qrcode
 * library's module matrix (no image service ever sees the key). Dark on white with the standard
 * quiet zone, so a phone's camera reads it from the screen.
 */
export function SetupQrCode({ uri }: { uri: string }) {
  const { size, path } = useMemo(() => {
    const { modules } = QRCode.create(uri, { errorCorrectionLevel: 'M' });
    const quiet = 4;
    let d = '';
    for (let row = 0; row < modules.size; row += 1) {
      for (let column = 0; column < modules.size; column += 1) {
        if (modules.get(row, column)) d += `M${column + quiet} ${row + quiet}h1v1h-1z`;
      }
    }
    return { size: modules.size + quiet * 2, path: d };
  }, [uri]);
  return (
    <svg
      role="img"
      aria-label="QR code for your authenticator app"
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className="h-48 w-48"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
