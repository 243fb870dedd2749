import { Button, Notice, Stack } from '@sukoyaka/shared';
import { useState } from 'react';
import { AddressText, DeliveryAddressForm } from './DeliveryAddressForm';
import { SavedAddress } from './SavedAddress';

/** The saved address with a way to change it, or the form when there is none. */
export default function DeliveryAddressEditor() {
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  return (
    <SavedAddress>
      {(current) => (
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
      )}
    </SavedAddress>
  );
}
