import styled from 'styled-components';

/**
 * A gift's picture beside what it says; on a narrow screen the text goes under the picture
 * rather than being squeezed beside it.
 */
export const GiftMedia = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: ${({ theme }) => theme.spacing(2)};
  & > :last-child {
    flex: 1 1 14rem;
    min-width: 0;
  }
`;
