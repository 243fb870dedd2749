import { renderWithProviders } from '@sukoyaka/shared/testing';
import { screen } from '@testing-library/react';
import { GiftPicture } from './GiftPicture';
import { KeyFigure } from '@sukoyaka/shared';

const picture = {
  alt: '緑のしま模様のタオル',
  width: 640,
  height: 480,
  variants: [
    { url: '/media/gift-images/aaa.webp', width: 320 },
    { url: '/media/gift-images/bbb.webp', width: 640 },
  ],
};

describe('GiftPicture (issue 27)', () => {
  it('offers every width in srcset, says its size (no layout shift) and is named by its alt text', () => {
    renderWithProviders(<GiftPicture picture={picture} width={144} lazy />);
    const image = screen.getByRole('img', { name: '緑のしま模様のタオル' });
    expect(image).toHaveAttribute('srcset', '/media/gift-images/aaa.webp 320w, /media/gift-images/bbb.webp 640w');
    expect(image).toHaveAttribute('sizes', '144px');
    expect(image).toHaveAttribute('src', '/media/gift-images/aaa.webp');
    expect(image).toHaveAttribute('width', '640');
    expect(image).toHaveAttribute('height', '480');
    expect(image).toHaveAttribute('loading', 'lazy');
  });

  it('on the first screen it loads at once', () => {
    renderWithProviders(<GiftPicture picture={picture} width={144} />);
    expect(screen.getByRole('img')).toHaveAttribute('loading', 'eager');
  });

  it('without a picture shows a neutral placeholder screen readers skip', () => {
    renderWithProviders(<GiftPicture picture={null} width={144} />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByTestId('gift-picture').firstElementChild).toHaveAttribute('aria-hidden', 'true');
  });
});

describe('KeyFigure (issue 27)', () => {
  it('shows the figure with its label and unit', () => {
    renderWithProviders(<KeyFigure label="コイン" value="1,250" unit="コイン" />);
    expect(screen.getByText('1,250')).toBeInTheDocument();
    expect(screen.getByText('コイン', { selector: 'span' })).toBeInTheDocument();
  });
});
