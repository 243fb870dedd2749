import { bffError, reply } from '@sukoyaka/shared/testing';
import { screen } from '@testing-library/react';
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

describe('audit log (issue 14: every operator action, who, what, when)', () => {
  it('lists the actions newest first and pages with もっと見る', async () => {
    signedIn(bff);
    const entry = (id: string, event: string) => ({
      id,
      event,
      operatorName: '運営 花子',
      operatorEmail: 'op@example.jp',
      at: '2026-11-23T01:00:00Z',
      detail: {},
    });
    bff.onCall('listOperatorAuditLogs', (request) =>
      request.query.cursor
        ? reply({ entries: [entry('e2', 'operator_points_granted')], nextCursor: null })
        : reply({ entries: [entry('e1', 'operator_roster_imported')], nextCursor: 'next' }),
    );
    renderAt('/admin/audit_logs');
    expect(await screen.findByText('名簿の取り込み')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'もっと見る' }));
    expect(await screen.findByText('ポイントの付与')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'もっと見る' })).not.toBeInTheDocument();
  });

  it('says when there is nothing yet, and shows a failure', async () => {
    signedIn(bff);
    bff.onCall('listOperatorAuditLogs', reply({ entries: [], nextCursor: null }), { times: 1 });
    const first = renderAt('/admin/audit_logs');
    expect(await screen.findByText('まだ操作の記録はありません')).toBeInTheDocument();
    first.unmount();
    bff.onCall('listOperatorAuditLogs', bffError(403, 'operator_forbidden', 'この健康保険組合に対する権限がありません。'));
    renderAt('/admin/audit_logs');
    expect(await screen.findByText(/この健康保険組合に対する権限がありません。/)).toBeInTheDocument();
  });
});
