/**
 * `attachment` with an ASCII fallback name and the UTF-8 name (RFC 6266 / 5987): the browser
 * saves the file instead of showing it, so a served file can never run as a page of the site.
 */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'download';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
