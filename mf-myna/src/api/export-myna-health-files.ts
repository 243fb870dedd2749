import type { CallInput, CallOutput } from '@sukoyaka/contract';
import { api, saveFile } from '@sukoyaka/shared';
import { useMutation } from '@tanstack/react-query';

export type ExportedFile = CallOutput<'exportMynaHealthFiles'>;

/** exportMynaHealthFiles, then the download. `save` is replaceable for tests. */
export function useExportMynaHealthFiles(save: (file: ExportedFile) => void = saveFile) {
  return useMutation({
    mutationFn: (input: CallInput<'exportMynaHealthFiles'>) => api.exportMynaHealthFiles(input),
    onSuccess: (file) => save(file),
  });
}
