import styled from 'styled-components';

/** A data table that scrolls sideways on a narrow screen instead of breaking the page. */
export const TableScroll = styled.div`
  overflow-x: auto;
  max-width: 100%;
`;

export const Table = styled.table`
  border-collapse: collapse;
  width: 100%;
  min-width: 480px;
  background: ${({ theme }) => theme.colors.surface};
  th,
  td {
    padding: ${({ theme }) => theme.spacing(0.75, 1)};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: left;
    vertical-align: top;
  }
  /* A column's heading and a short state (「公開中」「回答受付中」) are one word each: never split (issue 27). */
  th[scope='col'],
  td.nowrap {
    white-space: nowrap;
  }
  td.number,
  th.number {
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
`;
