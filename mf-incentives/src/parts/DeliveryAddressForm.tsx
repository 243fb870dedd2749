import type { DeliveryAddress } from '@sukoyaka/contract';
import { PREFECTURES, deliveryAddressLines } from '@sukoyaka/contract/incentive-terms';
import { Actions, Button, FormError, Stack, Text, TextField, useContractForm, useFormValues, loadIncentiveCalls } from '@sukoyaka/shared';
import { Select } from '@sukoyaka/shared/widgets';
import { useSaveDeliveryAddress } from '../api/delivery';

/** The address as a parcel's label shows it: the name, 〒, the address line, the building, the phone. */
export function AddressText({ address }: { address: DeliveryAddress }) {
  return (
    <Stack $gap={0.25} as="address" style={{ fontStyle: 'normal' }}>
      <Text>{address.name} 様</Text>
      {deliveryAddressLines(address).map((line) => (
        <Text key={line}>{line}</Text>
      ))}
    </Stack>
  );
}

const empty = { name: '', postalCode: '', prefecture: '', city: '', street: '', building: '', phone: '' };

/**
 * The delivery address form (お届け先住所): the profile's page and the redemption of a physical
 * gift both use it. The contract's schema checks it here as the bff does (postal code of seven
 * digits, one of the 47 prefectures, a Japanese phone number), full-width digits forgiven.
 */
export function DeliveryAddressForm({
  current,
  submitLabel = '保存する',
  onSaved,
  onCancel,
}: {
  current: DeliveryAddress | null;
  submitLabel?: string;
  onSaved?: (address: DeliveryAddress) => void;
  onCancel?: () => void;
}) {
  const save = useSaveDeliveryAddress();
  const { values, field } = useFormValues(() => ({ ...empty, ...current }));
  const form = useContractForm({
    // Loaded at the form's first touch: the address and its choices show without zod (issue 27).
    loadSchema: () => loadIncentiveCalls().then((calls) => calls.saveDeliveryAddress.input),
    mutation: save,
    onSuccess: (result: { address: DeliveryAddress }) => onSaved?.(result.address),
  });
  return (
    <form {...form.formProps(() => values)} aria-label="お届け先住所">
      <Stack $gap={2}>
        {form.formError ? <FormError>{form.formError}</FormError> : null}
        <TextField {...field('name', form.errors)} label="お名前" autoComplete="name" hint="配送伝票に記載するお名前です。" />
        <TextField
          {...field('postalCode', form.errors)}
          label="郵便番号"
          autoComplete="postal-code"
          inputMode="numeric"
          hint="7桁の数字（例: 100-0001）"
        />
        <Select
          {...field('prefecture', form.errors)}
          label="都道府県"
          autoComplete="address-level1"
          placeholder="選択してください"
          options={PREFECTURES.map((prefecture) => ({ value: prefecture, label: prefecture }))}
        />
        <TextField {...field('city', form.errors)} label="市区町村" autoComplete="address-level2" hint="例: 千代田区" />
        <TextField {...field('street', form.errors)} label="番地" autoComplete="address-line1" hint="町名・番地（例: 千代田1-1）" />
        <TextField {...field('building', form.errors)} label="建物名・部屋番号" autoComplete="address-line2" optional />
        <TextField
          {...field('phone', form.errors)}
          label="電話番号"
          type="tel"
          autoComplete="tel-national"
          hint="配送業者からの連絡に使います（例: 090-1234-5678）"
        />
        <Actions>
          <Button type="submit" busy={form.isPending}>
            {submitLabel}
          </Button>
          {onCancel ? (
            <Button variant="secondary" onClick={onCancel} disabled={form.isPending}>
              やめる
            </Button>
          ) : null}
        </Actions>
      </Stack>
    </form>
  );
}
