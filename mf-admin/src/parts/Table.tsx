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
    /*
     * Issue 27: the body's overflow-wrap: anywhere (decision 0025) let the table narrow a column
     * below its longest phrase and split it (「オリジナ／ルタオル」 at 768 px). break-word still
     * breaks a phrase longer than its line, but, unlike anywhere, leaves the cell's min-content
     * width whole: the table gives every column its longest phrase first, the other cells wrap.
     */
    overflow-wrap: break-word;
  }
  /*
   * A column's heading, a short state (「公開中」「回答受付中」), an order number and a row's buttons
   * (「非公開にする」) are one word each: never split (issue 27); the title beside them wraps instead.
   */
  th[scope='col'],
  .nowrap,
  td button {
    white-space: nowrap;
  }
  /* A row's name (a title) keeps room for a phrase or two a line at 768 px; the other cells wrap first. */
  th[scope='row'] {
    min-width: 10em;
  }
  td.number,
  th.number {
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
`;
