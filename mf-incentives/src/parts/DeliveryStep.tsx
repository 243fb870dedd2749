import type { DeliveryAddress } from '@sukoyaka/contract';
import { Button, Stack, Text } from '@sukoyaka/shared';
import { useState, type ReactNode } from 'react';
import { AddressText, DeliveryAddressForm } from './DeliveryAddressForm';
import { SavedAddress } from './SavedAddress';

/**
 * The redemption of a physical gift asks where it goes: the saved address to confirm (or change),
 * or the form when there is none. `children` gets the address the gift would go to (null: none
 * yet), so the page offers to redeem only with one.
 */
export function DeliveryStep({ children }: { children: (address: DeliveryAddress | null) => ReactNode }) {
  const [editing, setEditing] = useState(false);
  return (
    <SavedAddress rows={2}>
      {(saved) =>
        !saved || editing ? (
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
        ) : (
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
        )
      }
    </SavedAddress>
  );
}
