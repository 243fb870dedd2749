import type { OperatorCompetition } from '@sukoyaka/contract';
import { bffError, reply } from '@sukoyaka/shared/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ASSOCIATION_ID, renderAt, setupAdminBff, signedIn, viewerProfile } from '../testing/render';

const bff = setupAdminBff();
const COMPETITION_ID = '7cd390bf-2b5e-4d8f-a0a1-8e9fa0b1c2d3';

const ended: OperatorCompetition = {
  id: COMPETITION_ID,
  title: '秋のウォーキング懸賞',
  description: '',
  startsAt: '2026-10-01T00:00:00+09:00',
  endsAt: '2026-10-31T23:59:00+09:00',
  entryKind: 'steps',
  stepsRequired: 200000,
  coinCost: null,
  prizes: [{ name: 'QUOカード 1,000円分', winners: 3 }],
  secretHash: 'abc',
  drawnAt: null,
  drawSeed: null,
  entryCount: 12,
  winners: [],
};

describe('prize competitions (issue 14: drawn on the server, reproducibly)', () => {
  it('lists a competition and draws an ended one; the seed is shown afterwards', async () => {
    signedIn(bff);
    bff.onCall('listOperatorPrizeCompetitions', reply({ items: [ended] }), { times: 1 });
    bff.onCall('drawOperatorPrizeCompetition', (request) => {
      expect(request.body).toEqual({ associationId: ASSOCIATION_ID, competitionId: COMPETITION_ID });
      const drawn = {
        ...ended,
        drawnAt: '2026-11-23T00:00:00Z',
        drawSeed: 'seed123',
        winners: [{ entryId: 'e1', prize: 'QUOカード 1,000円分' }],
      };
      bff.onCall('listOperatorPrizeCompetitions', reply({ items: [drawn] }));
      return reply(drawn);
    });
    renderAt('/admin/competitions');
    expect(await screen.findByRole('heading', { name: '秋のウォーキング懸賞' })).toBeInTheDocument();
    expect(screen.getByText(/期間中に200,000歩で応募／応募 12件/)).toBeInTheDocument();
    expect(screen.getByText('QUOカード 1,000円分（3名）')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '秋のウォーキング懸賞の抽選をする' }));
    expect(await screen.findByText('seed123')).toBeInTheDocument();
  });

  it('creates a coin competition with its prize', async () => {
    signedIn(bff);
    bff.onCall('listOperatorPrizeCompetitions', reply({ items: [] }));
    bff.onCall('createOperatorPrizeCompetition', (request) => {
      expect(request.body).toEqual({
        associationId: ASSOCIATION_ID,
        title: '冬のコイン懸賞',
        description: '',
        startsAt: '2026-12-01T00:00:00+09:00',
        endsAt: '2026-12-31T23:00:00+09:00',
        entryKind: 'coins',
        coinCost: 100,
        prizes: [{ name: '体組成計', winners: 2 }],
      });
      return reply({ ...ended, title: '冬のコイン懸賞' });
    });
    renderAt('/admin/competitions');
    expect(await screen.findByText('懸賞はまだありません')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('タイトル'), '冬のコイン懸賞');
    await userEvent.type(screen.getByLabelText('開始日時'), '2026-12-01T00:00');
    await userEvent.type(screen.getByLabelText('終了日時'), '2026-12-31T23:00');
    await userEvent.click(screen.getByRole('radio', { name: 'コインで応募' }));
    await userEvent.type(screen.getByLabelText('必要コイン数'), '100');
    await userEvent.type(screen.getByLabelText('賞品名'), '体組成計');
    await userEvent.clear(screen.getByLabelText('当選者数'));
    await userEvent.type(screen.getByLabelText('当選者数'), '2');
    await userEvent.click(screen.getByRole('button', { name: '作成する' }));
    expect(await screen.findByText('「冬のコイン懸賞」を作成しました。')).toBeInTheDocument();
  });

  it('a viewer cannot draw or create; a failed list shows the error', async () => {
    signedIn(bff, viewerProfile);
    bff.onCall('listOperatorPrizeCompetitions', reply({ items: [ended] }), { times: 1 });
    const first = renderAt('/admin/competitions');
    expect(await screen.findByRole('heading', { name: '秋のウォーキング懸賞' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /抽選をする/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '作成する' })).not.toBeInTheDocument();
    first.unmount();
    bff.onCall('listOperatorPrizeCompetitions', bffError(500, 'internal_error', 'システムエラーです'));
    renderAt('/admin/competitions');
    expect(await screen.findByText(/懸賞を読み込めませんでした/)).toBeInTheDocument();
  });
});
