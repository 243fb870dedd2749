import type { DeliveryAddress } from '@sukoyaka/contract';
import { Button, LoadingSkeleton, Stack, Text } from '@sukoyaka/shared';
import { useState, type ReactNode } from 'react';
import { useDeliveryAddress } from '../api/delivery';
import { AddressText, DeliveryAddressForm } from './DeliveryAddressForm';

/**
 * The redemption of a physical gift asks where it goes: the saved address to confirm (or change),
 * or the form when there is none. `children` gets the address the gift would go to (null: none
 * yet), so the page offers to redeem only with one.
 */
export function DeliveryStep({ children }: { children: (address: DeliveryAddress | null) => ReactNode }) {
  const address = useDeliveryAddress();
  const [editing, setEditing] = useState(false);
  if (address.isPending) return <LoadingSkeleton label="お届け先住所を読み込み中" rows={2} />;
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
  const saved = address.data.address;
  if (!saved || editing) {
    return (
      <Stack $gap={1.5}>
        <Text>
          {saved ? 'お届け先を変更してください。' : 'ギフトのお届け先を入力してください。次回からはこの住所をお使いいただけます。'}
        </Text>
        <DeliveryAddressForm
          current={saved}
          submitLabel="この住所に届ける"
          onSaved={() => setEditing(false)}
          {...(saved ? { onCancel: () => setEditing(false) } : {})}
        />
        {children(null)}
      </Stack>
    );
  }
  return (
    <Stack $gap={1.5}>
      <Text>お届け先：</Text>
      <AddressText address={saved} />
      <div>
        <Button variant="text" onClick={() => setEditing(true)}>
          お届け先を変更する
        </Button>
      </div>
      {children(saved)}
    </Stack>
  );
}
