/** A file a call answers with: text as it is, or (`base64`) bytes, such as a Shift_JIS CSV. */
export interface DownloadFile {
  fileName: string;
  mediaType: string;
  content: string;
  encoding?: 'utf8' | 'base64';
}

/** The file as a Blob. */
export function fileBlob(file: DownloadFile): Blob {
  if (file.encoding !== 'base64') return new Blob([file.content], { type: file.mediaType });
  const binary = atob(file.content);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return new Blob([bytes], { type: file.mediaType });
}

/** Saves the file through a temporary link (the browser's download). */
export function saveFile(file: DownloadFile): void {
  const url = URL.createObjectURL(fileBlob(file));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, not before the download starts.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
