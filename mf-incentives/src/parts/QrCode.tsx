import { renderSVG } from 'uqr';

/**
 * A code as a QR code (uqr: SVG, no canvas, no network), for a shop's or an app's reader. Its own
 * chunk: only a member who opens it loads it.
 */
export default function QrCode({ value, label }: { value: string; label: string }) {
  const svg = renderSVG(value, { border: 2 });
  return (
    <img
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt={label}
      width={176}
      height={176}
      style={{ display: 'block', background: '#fff', imageRendering: 'pixelated' }}
    />
  );
}
