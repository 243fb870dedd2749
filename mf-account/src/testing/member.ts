import { reply, type FakeBff } from '@sukoyaka/shared/testing';

// One signed-in member for the pages' tests: すこやか 花子 of すこやか健康保険組合.

export const ASSOCIATION = { id: '5a1c0d3e-0000-4000-8000-000000000001', name: 'すこやか健康保険組合' };

/** getNavigationInfo's answer for her: verified, associated, nothing pending. */
export const navigation = {
  nickname: 'すこやか 花子',
  emailVerified: true,
  association: ASSOCIATION,
  pendingAgreementAssociationId: null,
  smsMfaEnabled: false,
  pointPrograms: [{ id: 'p1', name: 'すこやかポイント' }],
  mynaAvailable: true,
  unreadAnnouncements: 0,
  next: null as string | null,
};

/** Her session and getUserInfo, answered by the fake bff. */
export function signInMember(bff: FakeBff): void {
  bff.onCall('getSession', reply({ userId: 'u1', browserId: '7f1c1d0e-4a39-4f8e-9a57-0a0f3c1f2b11' }));
  bff.onCall(
    'getUserInfo',
    reply({ userId: 'u1', email: 'hanako@example.jp', nickname: 'すこやか 花子', association: ASSOCIATION, birthday: null }),
  );
}
