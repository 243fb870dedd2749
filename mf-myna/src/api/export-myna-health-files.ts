import type { CallInput, CallOutput } from '@sukoyaka/contract';
import { api } from '@sukoyaka/shared';
import { useMutation } from '@tanstack/react-query';

export type ExportedFile = CallOutput<'exportMynaHealthFiles'>;

/** The file as a Blob: text as it is, or the bytes of a base64 answer (a Shift_JIS CSV). */
export function fileBlob(file: ExportedFile): Blob {
  if (file.encoding === 'utf8') return new Blob([file.content], { type: file.mediaType });
  const binary = atob(file.content);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return new Blob([bytes], { type: file.mediaType });
}

/** Saves the file through a temporary link (the browser's download). */
export function saveFile(file: ExportedFile): void {
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

/** exportMynaHealthFiles, then the download. `save` is replaceable for tests. */
export function useExportMynaHealthFiles(save: (file: ExportedFile) => void = saveFile) {
  return useMutation({
    mutationFn: (input: CallInput<'exportMynaHealthFiles'>) => api.exportMynaHealthFiles(input),
    onSuccess: (file) => save(file),
  });
}
