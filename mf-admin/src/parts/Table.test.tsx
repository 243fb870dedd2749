import { theme } from '@sukoyaka/shared';
import { render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { Table } from './Table';

// Issue 27: a column is never narrower than its longest phrase (e2e/tests/admin-audit.test.ts
// measures it at 768 px); `anywhere`, inherited from the body, would let the table shrink it.
describe('Table', () => {
  test('its cells break a phrase only when it is longer than the column can be (break-word, not anywhere)', () => {
    render(
      <ThemeProvider theme={theme}>
        <Table>
          <caption>注文一覧</caption>
          <thead>
            <tr>
              <th scope="col">ギフト</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">冬のウォーキングキャンペーンを開催します</th>
              <td>オリジナルタオル</td>
            </tr>
          </tbody>
        </Table>
      </ThemeProvider>,
    );
    for (const cell of [
      screen.getByRole('columnheader', { name: 'ギフト' }),
      screen.getByRole('rowheader', { name: '冬のウォーキングキャンペーンを開催します' }),
      screen.getByRole('cell', { name: 'オリジナルタオル' }),
    ]) {
      expect(getComputedStyle(cell).overflowWrap).toBe('break-word');
    }
  });
});
