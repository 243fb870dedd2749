import { reply } from '@sukoyaka/shared/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ASSOCIATION_ID, renderAt, setupAdminBff, signedIn, viewerProfile } from '../testing/render';

const bff = setupAdminBff();
const csv = (text: string, name = 'roster.csv') => new File([text], name, { type: 'text/csv' });
const summary = (entries: number) => reply({ entries, linked: 3, lastImportedAt: '2026-11-20T01:30:00Z' });

describe('roster import (issues 14 and 27: all or nothing, the roster’s figures, wrong rows listed)', () => {
  it('shows the roster’s figures, sends the file’s text and reports what was added with the new total', async () => {
    signedIn(bff);
    bff.onCall('getOperatorRosterSummary', summary(10), { times: 1 });
    bff.onCall('importOperatorRoster', (request) => {
      expect(request.body).toEqual({ associationId: ASSOCIATION_ID, csv: 'member_symbol,member_number,birthday\n1,2,1990-01-01\n' });
      bff.onCall('getOperatorRosterSummary', summary(11));
      return reply({ ok: true, imported: 1, alreadyPresent: 0 });
    });
    renderAt('/admin/roster');
    expect(await screen.findByText('10件')).toBeInTheDocument();
    expect(screen.getByText('2026年11月20日(金) 10:30')).toBeInTheDocument();
    await userEvent.upload(
      screen.getByLabelText('名簿のCSVファイル'),
      csv('member_symbol,member_number,birthday\n1,2,1990-01-01\n', '11月分.csv'),
    );
    expect(screen.getByText(/選んだファイル: 11月分.csv/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '取り込む' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      '「11月分.csv」を取り込みました。1行のうち、新しく追加: 1件、すでに登録済み: 0件。名簿は全部で11件になりました。',
    );
    expect(screen.getByText('11件')).toBeInTheDocument();
  });

  it('lists the wrong rows, each with its line, when nothing was imported', async () => {
    signedIn(bff);
    bff.onCall('getOperatorRosterSummary', summary(10));
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
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading')).toHaveTextContent('取り込めませんでした（誤り 2件）');
    const rows = within(within(alert).getByRole('table', { name: '誤りのある行' })).getAllByRole('row');
    expect(rows.slice(1).map((row) => row.textContent)).toEqual([
      '3行目生年月日の形式が正しくありません',
      'ファイル全体データ行がありません。',
    ]);
    expect(within(alert).getByText(/何も取り込みませんでした/)).toBeInTheDocument();
  });

  it('asks for a file first, and a viewer cannot import', async () => {
    signedIn(bff);
    bff.onCall('getOperatorRosterSummary', summary(0));
    const first = renderAt('/admin/roster');
    await userEvent.click(await screen.findByRole('button', { name: '取り込む' }));
    expect(await screen.findByText('取り込むCSVファイルを選んでください。')).toBeInTheDocument();
    expect(bff.callsOf('importOperatorRoster')).toHaveLength(0);
    first.unmount();
    bff.reset();
    signedIn(bff, viewerProfile);
    bff.onCall('getOperatorRosterSummary', summary(0));
    renderAt('/admin/roster');
    expect(await screen.findByText('閲覧者の権限では取り込めません。')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '取り込む' })).toBeDisabled();
  });
});
