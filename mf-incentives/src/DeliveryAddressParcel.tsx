import { createParcel, LoadingSkeleton } from '@sukoyaka/shared';
import { lazy, Suspense } from 'react';

// Its own chunk: the form loads only on the page that shows it, not with the area's module.
const DeliveryAddressEditor = lazy(() => import(/* webpackChunkName: "delivery-address" */ './parts/DeliveryAddressEditor'));

/** /profile/address's form (mf-account's page mounts it with AreaParcel): the address is the gifts' (issue 27). */
export const DeliveryAddressParcel = createParcel(function DeliveryAddress() {
  return (
    <Suspense fallback={<LoadingSkeleton label="お届け先住所を読み込み中" />}>
      <DeliveryAddressEditor />
    </Suspense>
  );
});
