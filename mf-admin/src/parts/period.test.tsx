import { render } from '@testing-library/react';
import { PublishPeriod } from './period';

// Issue 27: a narrow column wraps a period between a day and a time, never inside a day.
describe('PublishPeriod', () => {
  test('its days and times are whole units in Japan time, the end after 〜 when there is one', () => {
    const { container, rerender } = render(<PublishPeriod from="2026-11-26T05:05:00Z" until="2026-12-01T00:00:00Z" />);
    expect(container).toHaveTextContent('2026年11月26日(木) 14:05 〜 2026年12月1日(火) 09:00');
    expect(Array.from(container.querySelectorAll('.nowrap'), (unit) => unit.textContent)).toEqual([
      '2026年11月26日(木)',
      '14:05 〜',
      '2026年12月1日(火)',
      '09:00',
    ]);
    rerender(<PublishPeriod from="2026-11-26T05:05:00Z" until={null} />);
    expect(container.textContent).toBe('2026年11月26日(木) 14:05 〜');
  });
});
