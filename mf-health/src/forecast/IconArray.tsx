import type { TenYearRisk } from '@sukoyaka/contract';
import { peopleOfHundred } from '@sukoyaka/contract/forecast';
import { peopleText } from './words';

const COLUMNS = 10;
const CELL = 24;

/** One person: a head and shoulders, in a 24 × 24 cell. */
function Person({ x, y, filled }: { x: number; y: number; filled: boolean }) {
  return (
    <g transform={`translate(${x} ${y})`} fill={filled ? '#c2410c' : '#cfd8d3'} data-filled={filled ? 'true' : 'false'}>
      <circle cx={12} cy={6.5} r={4.5} />
      <path d="M3.5 22 C3.5 15 7 12.5 12 12.5 C17 12.5 20.5 15 20.5 22 Z" />
    </g>
  );
}

/**
 * 100 people like the member, those expected to have the event within ten years in colour. The
 * picture is one image whose name says the same in words; the sentence is also shown beside it.
 */
export function IconArray({ risk, label }: { risk: TenYearRisk; label?: string }) {
  const filled = peopleOfHundred(risk);
  const text = label ?? `あなたと同じような${peopleText(risk)}が、10年以内に心筋梗塞や脳梗塞などを発症すると予測されます`;
  return (
    <svg
      role="img"
      aria-label={text}
      viewBox={`0 0 ${COLUMNS * CELL} ${COLUMNS * CELL}`}
      width="100%"
      style={{ maxWidth: 280, display: 'block' }}
      data-testid="icon-array"
    >
      {Array.from({ length: 100 }, (_, index) => (
        <Person key={index} x={(index % COLUMNS) * CELL} y={Math.floor(index / COLUMNS) * CELL} filled={index < filled} />
      ))}
    </svg>
  );
}
