import type { CallInput, CallOutput } from '@sukoyaka/contract';
import { api } from '@sukoyaka/shared';
import { saveFile } from '@sukoyaka/shared/widgets';
import { useMutation } from '@tanstack/react-query';

export type ExportedFile = CallOutput<'exportMynaHealthFiles'>;

/** exportMynaHealthFiles, then the download. `save` is replaceable for tests. */
export function useExportMynaHealthFiles(save: (file: ExportedFile) => void = saveFile) {
  return useMutation({
    mutationFn: (input: CallInput<'exportMynaHealthFiles'>) => api.exportMynaHealthFiles(input),
    onSuccess: (file) => save(file),
  });
}
