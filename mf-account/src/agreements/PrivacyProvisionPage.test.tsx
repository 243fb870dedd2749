import type { AssociationAgreements } from '@sukoyaka/contract';
import { bffError, renderWithProviders, reply, setupFakeBff } from '@sukoyaka/shared/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PrivacyProvisionPage } from './PrivacyProvisionPage';

const ASSOCIATION = { id: '5a1c0d3e-0000-4000-8000-000000000001', name: 'すこやか健康保険組合' };
const PRIVACY_ID = '22222222-2222-4222-8222-222222222222';
const member = { userId: 'u1', email: 'taro@example.jp', nickname: 'すこやか 花子', association: ASSOCIATION, birthday: '1980-04-01' };

function agreements(agreedAt: string | null, extra: object = {}): AssociationAgreements {
  return {
    association: ASSOCIATION,
    documents: [
      {
        id: '11111111-1111-4111-8111-111111111111',
        kind: 'association_terms',
        version: 1,
        title: 'すこやか利用規約',
        body: '…',
        publishedAt: '2026-01-01T00:00:00.000Z',
        required: true,
        agreedAt: '2026-01-02T00:00:00.000Z',
        previouslyAgreedVersion: null,
      },
      {
        id: PRIVACY_ID,
        kind: 'privacy_provision',
        version: 1,
        title: '健康情報の提供に関する同意',
        body: 'あなたがすこやかに記録した健康情報を…',
        publishedAt: '2026-01-01T00:00:00.000Z',
        required: false,
        agreedAt,
        previouslyAgreedVersion: null,
        ...extra,
      },
    ],
  };
}

describe('PrivacyProvisionPage (/privacy_provision_agreements)', () => {
  const bff = setupFakeBff();

  beforeEach(() => {
    bff.withAuthenticityToken('token-1');
    bff.onCall('getSession', reply({ userId: 'u1', browserId: '7f1c1d0e-4a39-4f8e-9a57-0a0f3c1f2b11' }));
    bff.onCall('getUserInfo', reply(member));
  });

  it('withdraws a given consent after asking, and shows it is no longer given', async () => {
    bff.onCall('listAssociationAgreements', reply(agreements('2026-03-04T01:00:00.000Z')));
    bff.onCall('withdrawAssociationAgreement', reply(agreements(null)));
    renderWithProviders(<PrivacyProvisionPage />);

    expect(await screen.findByText('2026年3月4日から同意しています。')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '同意を撤回する' }));
    const question = screen.getByRole('group', { name: /撤回してもよろしいですか/ });
    expect(question).toHaveTextContent('これ以降のあなたの健康情報はすこやか健康保険組合に提供されません');
    expect(bff.callsOf('withdrawAssociationAgreement')).toHaveLength(0);
    await userEvent.click(within(question).getByRole('button', { name: '撤回する' }));

    expect(await screen.findByText('同意を撤回しました。')).toBeInTheDocument();
    expect(screen.getByText('現在、同意していません。')).toBeInTheDocument();
    expect(bff.callsOf('withdrawAssociationAgreement')[0]!.body).toEqual({ documentId: PRIVACY_ID });
    expect(screen.getByRole('button', { name: '同意する' })).toBeInTheDocument();
  });

  it('やめる keeps the consent and sends nothing', async () => {
    bff.onCall('listAssociationAgreements', reply(agreements('2026-03-04T01:00:00.000Z')));
    renderWithProviders(<PrivacyProvisionPage />);
    await userEvent.click(await screen.findByRole('button', { name: '同意を撤回する' }));
    await userEvent.click(screen.getByRole('button', { name: 'やめる' }));
    expect(screen.getByText('2026年3月4日から同意しています。')).toBeInTheDocument();
    expect(bff.callsOf('withdrawAssociationAgreement')).toHaveLength(0);
  });

  it('gives the consent when the member agrees', async () => {
    bff.onCall('listAssociationAgreements', reply(agreements(null)));
    bff.onCall('agreeAssociationAgreements', reply(agreements('2026-11-22T01:00:00.000Z')));
    renderWithProviders(<PrivacyProvisionPage />);

    await userEvent.click(await screen.findByRole('button', { name: '同意する' }));

    expect(await screen.findByText('2026年11月22日から同意しています。')).toBeInTheDocument();
    expect(bff.callsOf('agreeAssociationAgreements')[0]!.body).toEqual({ documentIds: [PRIVACY_ID] });
  });

  it('says when a revised version has not been agreed yet', async () => {
    bff.onCall('listAssociationAgreements', reply(agreements(null, { version: 2, previouslyAgreedVersion: 1 })));
    renderWithProviders(<PrivacyProvisionPage />);
    expect(await screen.findByText('内容が改定されたため、現在は同意していない状態です（第1版に同意済み）。')).toBeInTheDocument();
  });

  it("shows the bff's message when withdrawing fails", async () => {
    bff.onCall('listAssociationAgreements', reply(agreements('2026-03-04T01:00:00.000Z')));
    bff.onCall('withdrawAssociationAgreement', bffError(500, 'internal_error', 'システムエラーです'));
    renderWithProviders(<PrivacyProvisionPage />);
    await userEvent.click(await screen.findByRole('button', { name: '同意を撤回する' }));
    await userEvent.click(screen.getByRole('button', { name: '撤回する' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('システムエラーです');
  });

  it('sends a member with no association to register first', async () => {
    bff.onCall('getUserInfo', reply({ ...member, association: null }));
    renderWithProviders(<PrivacyProvisionPage />);
    expect(await screen.findByRole('link', { name: '加入者情報を登録する' })).toHaveAttribute('href', '/org_verification');
    expect(bff.callsOf('listAssociationAgreements')).toHaveLength(0);
  });
});
