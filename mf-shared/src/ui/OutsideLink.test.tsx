import { screen } from '@testing-library/react';
import { renderWithProviders } from '../testing';
import { OutsideLink } from './OutsideLink';

describe('OutsideLink (issue 27: another site opens in a new tab, and says so)', () => {
  it('opens in a new tab without passing the page along, with the hint read out', () => {
    renderWithProviders(<OutsideLink href="https://partner.example/c">提携先のページ</OutsideLink>);
    const link = screen.getByRole('link', { name: /提携先のページ/ });
    expect(link).toHaveAttribute('href', 'https://partner.example/c');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAccessibleName(expect.stringContaining('新しいタブで開きます'));
  });
});
