import { describeError } from '../forms/form-errors';
import { Button, FormError, Stack } from '../ui/primitives';
import { Actions } from '../ui/layout';

/**
 * A read that failed, in every area: what could not be read and why, and a way to ask again. The
 * rest of the page stays as it is.
 */
export function LoadFailure({ what, error, retry }: { what: string; error: unknown; retry: () => void }) {
  return (
    <Stack $gap={1}>
      <FormError>
        {what}を読み込めませんでした。{describeError(error)}
      </FormError>
      <Actions>
        <Button variant="secondary" onClick={retry}>
          再読み込み
        </Button>
      </Actions>
    </Stack>
  );
}
