import type { DeliveryAddress } from '@sukoyaka/contract';
import { Button, LoadingSkeleton, Stack, Text } from '@sukoyaka/shared';
import type { ReactNode } from 'react';
import { useDeliveryAddress } from '../api/delivery';

/**
 * The member's saved delivery address once it is loaded (null: none yet), for the settings' editor
 * and a redemption's delivery step alike; while it loads a placeholder, if it fails a retry.
 */
export function SavedAddress({ rows, children }: { rows?: number; children: (address: DeliveryAddress | null) => ReactNode }) {
  const address = useDeliveryAddress();
  if (address.isPending) return <LoadingSkeleton label="お届け先住所を読み込み中" rows={rows} />;
  if (address.isError) {
    return (
      <Stack $gap={1}>
        <Text role="alert">お届け先住所を読み込めませんでした。</Text>
        <div>
          <Button variant="secondary" onClick={() => void address.refetch()}>
            再読み込み
          </Button>
        </div>
      </Stack>
    );
  }
  return <>{children(address.data.address)}</>;
}
