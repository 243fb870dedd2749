import { reply } from '@sukoyaka/shared/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ASSOCIATION_ID, renderAt, setupAdminBff, signedIn, viewerProfile } from '../testing/render';

const bff = setupAdminBff();
const csv = (text: string) => new File([text], 'roster.csv', { type: 'text/csv' });

describe('roster import (issue 14: all or nothing, wrong lines listed)', () => {
  it('sends the file’s text for the association and reports what was added', async () => {
    signedIn(bff);
    bff.onCall('importOperatorRoster', (request) => {
      expect(request.body).toEqual({ associationId: ASSOCIATION_ID, csv: 'member_symbol,member_number,birthday\n1,2,1990-01-01\n' });
      return reply({ ok: true, imported: 1, alreadyPresent: 0 });
    });
    renderAt('/admin/roster');
    await userEvent.upload(
      await screen.findByLabelText('名簿のCSVファイル'),
      csv('member_symbol,member_number,birthday\n1,2,1990-01-01\n'),
    );
    await userEvent.click(screen.getByRole('button', { name: '取り込む' }));
    expect(await screen.findByRole('status')).toHaveTextContent('新しく追加: 1件、すでに登録済み: 0件');
  });

  it('lists the wrong lines when nothing was imported', async () => {
    signedIn(bff);
    bff.onCall(
      'importOperatorRoster',
      reply({
        ok: false,
        errors: [
          { line: 3, message: '生年月日の形式が正しくありません' },
          { line: null, message: 'データ行がありません。' },
        ],
      }),
    );
    renderAt('/admin/roster');
    await userEvent.upload(await screen.findByLabelText('名簿のCSVファイル'), csv('x'));
    await userEvent.click(screen.getByRole('button', { name: '取り込む' }));
    expect(await screen.findByText('3行目: 生年月日の形式が正しくありません')).toBeInTheDocument();
    expect(screen.getByText('データ行がありません。')).toBeInTheDocument();
    expect(screen.getByText(/何も取り込みませんでした/)).toBeInTheDocument();
  });

  it('asks for a file first, and a viewer cannot import', async () => {
    signedIn(bff);
    const first = renderAt('/admin/roster');
    await userEvent.click(await screen.findByRole('button', { name: '取り込む' }));
    expect(await screen.findByText('取り込むCSVファイルを選んでください。')).toBeInTheDocument();
    expect(bff.callsOf('importOperatorRoster')).toHaveLength(0);
    first.unmount();
    bff.reset();
    signedIn(bff, viewerProfile);
    renderAt('/admin/roster');
    expect(await screen.findByText('閲覧者の権限では取り込めません。')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '取り込む' })).toBeDisabled();
  });
});
