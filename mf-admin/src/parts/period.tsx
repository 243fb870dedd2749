import { japanClockOf, japanDay, japanDayOf } from '@sukoyaka/shared';

/**
 * A moment in a table's cell: its day one unit and its time another (issue 27: at 768 px a narrow
 * column split 「2026年11月／26日(木)」), so the cell wraps between the day and the time only.
 */
function Moment({ iso, after }: { iso: string; after?: string }) {
  return (
    <>
      <span className="nowrap">{japanDay(japanDayOf(iso))}</span> <span className="nowrap">{`${japanClockOf(iso)}${after ?? ''}`}</span>
    </>
  );
}

/** A publishing period (an announcement's, an article's): 2026年11月26日(木) 14:05 〜 (its end if it has one). */
export function PublishPeriod({ from, until }: { from: string; until: string | null }) {
  return (
    <>
      <Moment iso={from} after=" 〜" />
      {until ? (
        <>
          {' '}
          <Moment iso={until} />
        </>
      ) : null}
    </>
  );
}
