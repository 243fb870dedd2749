import { bffError, reply } from '@sukoyaka/shared/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ASSOCIATION_ID, renderAt, setupAdminBff, signedIn, viewerProfile } from '../testing/render';

const bff = setupAdminBff();

describe('supervising physician (issue 14, /doctor_profile01 for the association)', () => {
  it('saves the profile with qualifications and career one per line', async () => {
    signedIn(bff);
    bff.onCall('getOperatorDoctorProfile', reply({ profile: null }));
    bff.onCall('updateOperatorDoctorProfile', (request) => {
      expect(request.body).toEqual({
        associationId: ASSOCIATION_ID,
        profile: {
          name: '山田 一郎',
          nameKana: 'やまだ いちろう',
          title: '産業医',
          specialty: '内科',
          qualifications: ['総合内科専門医', '産業医'],
          career: [],
          message: 'よろしくお願いします。',
        },
      });
      return reply({ profile: { ...(request.body as { profile: object }).profile, updatedAt: '2026-11-23T00:00:00Z' } });
    });
    renderAt('/admin/doctor_profile');
    expect(await screen.findByText(/まだ登録されていません/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('氏名'), '山田 一郎');
    await userEvent.type(screen.getByLabelText('氏名（ふりがな）'), 'やまだ いちろう');
    await userEvent.type(screen.getByLabelText('肩書き'), '産業医');
    await userEvent.type(screen.getByLabelText('専門'), '内科');
    await userEvent.type(screen.getByLabelText(/資格/), '総合内科専門医{enter}産業医');
    await userEvent.type(screen.getByLabelText('メッセージ'), 'よろしくお願いします。');
    await userEvent.click(screen.getByRole('button', { name: '保存する' }));
    expect(await screen.findByText('保存しました。')).toBeInTheDocument();
  });

  it('a viewer sees the profile but cannot save', async () => {
    signedIn(bff, viewerProfile);
    bff.onCall('getOperatorDoctorProfile', reply({ profile: null }));
    renderAt('/admin/doctor_profile');
    expect(await screen.findByText('閲覧者の権限では変更できません。')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '保存する' })).toBeDisabled();
  });

  it('an empty form shows the field messages', async () => {
    signedIn(bff);
    bff.onCall('getOperatorDoctorProfile', reply({ profile: null }));
    renderAt('/admin/doctor_profile');
    await userEvent.click(await screen.findByRole('button', { name: '保存する' }));
    expect(await screen.findByText('氏名を入力してください')).toBeInTheDocument();
    expect(bff.callsOf('updateOperatorDoctorProfile')).toHaveLength(0);
  });
});

describe('audit log (issues 14 and 27: every operator action in Japanese, filtered and paged)', () => {
  const entry = (id: string, event: string, detail: Record<string, unknown> = {}) => ({
    id,
    event,
    operatorName: '運営 花子',
    operatorEmail: 'op@example.jp',
    at: '2026-11-23T01:00:00Z',
    detail,
  });

  it('lists the actions newest first with Japanese labels, targets and dates, and pages with もっと見る', async () => {
    signedIn(bff);
    bff.onCall('listOperatorStaff', reply({ operators: [] }));
    bff.onCall('listOperatorAuditLogs', (request) =>
      request.query.cursor
        ? reply({ entries: [entry('e2', 'operator_points_granted', { amount: 1200 })], nextCursor: null })
        : reply({ entries: [entry('e1', 'operator_member_looked_up', { by: 'email', found: 1, userIds: ['u1'] })], nextCursor: 'next' }),
    );
    renderAt('/admin/audit_logs');
    const table = await screen.findByRole('table', { name: '操作履歴' });
    const [, first] = within(table).getAllByRole('row');
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2026年11月23日(月) 10:00', '運営 花子', '会員の検索', '会員', 'メールアドレスで・1件該当']);
    await userEvent.click(screen.getByRole('button', { name: 'もっと見る' }));
    expect(await within(table).findByText('ポイントの付与')).toBeInTheDocument();
    expect(within(table).getByText('1,200pt')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'もっと見る' })).not.toBeInTheDocument();
    expect(screen.getByText('2件を表示しています。')).toBeInTheDocument();
  });

  it('filters by period, action and operator', async () => {
    signedIn(bff);
    bff.onCall('listOperatorStaff', reply({ operators: [{ id: '5b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d', name: '閲覧 太郎' }] }));
    bff.onCall('listOperatorAuditLogs', (request) =>
      reply({ entries: request.query.action ? [entry('e3', 'operator_roster_imported', { rows: 3, added: 2 })] : [], nextCursor: null }),
    );
    renderAt('/admin/audit_logs');
    expect(await screen.findByText('まだ操作の記録はありません')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('開始日'), '2026-11-01');
    await userEvent.type(screen.getByLabelText('終了日'), '2026-11-30');
    await userEvent.selectOptions(screen.getByLabelText('操作'), '名簿の取り込み');
    await userEvent.selectOptions(await screen.findByLabelText('担当者'), '閲覧 太郎');
    await userEvent.click(screen.getByRole('button', { name: '絞り込む' }));
    const table = await screen.findByRole('table', {
      name: '操作履歴（2026年11月1日(日)〜2026年11月30日(月)・名簿の取り込み・閲覧 太郎）',
    });
    expect(within(table).getByText('3行・新規2件')).toBeInTheDocument();
    expect(bff.callsOf('listOperatorAuditLogs').at(-1)!.query).toMatchObject({
      associationId: ASSOCIATION_ID,
      from: '2026-11-01',
      to: '2026-11-30',
      action: 'roster_imported',
      operatorId: '5b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d',
    });
    await userEvent.click(screen.getByRole('button', { name: '条件をクリア' }));
    expect(await screen.findByText('まだ操作の記録はありません')).toBeInTheDocument();
  });

  it('says when there is nothing yet, and shows a failure', async () => {
    signedIn(bff);
    bff.onCall('listOperatorStaff', reply({ operators: [] }));
    bff.onCall('listOperatorAuditLogs', reply({ entries: [], nextCursor: null }), { times: 1 });
    const first = renderAt('/admin/audit_logs');
    expect(await screen.findByText('まだ操作の記録はありません')).toBeInTheDocument();
    first.unmount();
    bff.onCall('listOperatorAuditLogs', bffError(403, 'operator_forbidden', 'この健康保険組合に対する権限がありません。'));
    renderAt('/admin/audit_logs');
    expect(await screen.findByText(/この健康保険組合に対する権限がありません。/)).toBeInTheDocument();
  });
});
