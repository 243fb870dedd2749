import styled from 'styled-components';

/** A stored picture as the bff describes it (contract giftImageSchema): alt text, size, files by width. */
export interface StoredPicture {
  alt: string;
  width: number;
  height: number;
  /** Narrowest first. */
  variants: readonly { url: string; width: number }[];
}

const Frame = styled.div<{ $width: number }>`
  flex: none;
  width: ${({ $width }) => `${$width}px`};
  max-width: 100%;
  aspect-ratio: 4 / 3;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  img {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

/** The neutral stand-in: a parcel drawn in lines, decorative (the gift's name says what it is). */
const Placeholder = styled.div`
  width: 100%;
  height: 100%;
  display: grid;
  place-items: center;
  &::before {
    content: '';
    width: 36%;
    aspect-ratio: 1;
    border: 3px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.sm};
    background:
      linear-gradient(${({ theme }) => theme.colors.border}, ${({ theme }) => theme.colors.border}) center / 3px 100% no-repeat,
      linear-gradient(${({ theme }) => theme.colors.border}, ${({ theme }) => theme.colors.border}) center 30% / 100% 3px no-repeat;
  }
`;

export interface GiftPictureProps {
  picture: StoredPicture | null;
  /** The width it is shown at, in CSS pixels (the browser picks the file for the screen's density). */
  width: number;
  /** Below the fold: the browser loads it when it comes near. */
  lazy?: boolean;
}

/**
 * A gift's picture at a fixed width and 4:3, never shifting the layout (width and height given),
 * the file chosen from `srcset` by the browser; a neutral placeholder when the gift has none.
 */
export function GiftPicture({ picture, width, lazy = false }: GiftPictureProps) {
  const widest = picture?.variants.at(-1);
  return (
    <Frame $width={width} data-testid="gift-picture">
      {picture && widest ? (
        <img
          src={picture.variants.find((variant) => variant.width >= width)?.url ?? widest.url}
          srcSet={picture.variants.map((variant) => `${variant.url} ${variant.width}w`).join(', ')}
          sizes={`${width}px`}
          width={picture.width}
          height={picture.height}
          alt={picture.alt}
          loading={lazy ? 'lazy' : 'eager'}
          decoding="async"
        />
      ) : (
        <Placeholder aria-hidden="true" />
      )}
    </Frame>
  );
}
