import { Button, describeError, FormError, LoadingSkeleton, Stack } from '@sukoyaka/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/** A query's three states in one place: loading, the error with a retry, or its content. */
export function QueryState<T>({ query, label, children }: { query: UseQueryResult<T>; label: string; children: (data: T) => ReactNode }) {
  if (query.isPending) return <LoadingSkeleton label={`${label}を読み込み中`} />;
  if (query.isError) {
    return (
      <Stack $gap={1}>
        <FormError>
          {label}を読み込めませんでした。{describeError(query.error)}
        </FormError>
        <div>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            再読み込み
          </Button>
        </div>
      </Stack>
    );
  }
  return <>{children(query.data)}</>;
}
