import { Button, LoadingSkeleton, Notice, Stack, Text } from '@sukoyaka/shared';
import { useState } from 'react';
import { useDeliveryAddress } from '../api/delivery';
import { AddressText, DeliveryAddressForm } from './DeliveryAddressForm';

/** The saved address with a way to change it, or the form when there is none. */
export default function DeliveryAddressEditor() {
  const address = useDeliveryAddress();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  if (address.isPending) return <LoadingSkeleton label="お届け先住所を読み込み中" />;
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
  const current = address.data.address;
  return (
    <Stack $gap={2}>
      <div aria-live="polite">{saved && !editing ? <Notice role="status">お届け先住所を保存しました。</Notice> : null}</div>
      {current && !editing ? (
        <Stack $gap={1.5}>
          <AddressText address={current} />
          <div>
            <Button
              variant="secondary"
              onClick={() => {
                setSaved(false);
                setEditing(true);
              }}
            >
              変更する
            </Button>
          </div>
        </Stack>
      ) : (
        <DeliveryAddressForm
          current={current}
          onSaved={() => {
            setSaved(true);
            setEditing(false);
          }}
          {...(current ? { onCancel: () => setEditing(false) } : {})}
        />
      )}
    </Stack>
  );
}
