import { renderWithProviders } from '@sukoyaka/shared/testing';
import { BRAND_LABEL, pageTitle, usePageTitle } from './page-title';

function Page({ title }: { title?: string | null }) {
  usePageTitle(title);
  return null;
}

describe('the page title (spec §1, §9 "Default page title")', () => {
  afterEach(() => {
    document.title = '';
  });

  it("spec §9: the brand label is 'すこやか'", () => {
    expect(BRAND_LABEL).toBe('すこやか');
  });

  it('spec §1: a page sets its title, followed by the brand', () => {
    renderWithProviders(<Page title="バイタル" />);
    expect(document.title).toBe('バイタル | すこやか');
  });

  it.each([
    ['no title', undefined],
    ['null', null],
    ['an empty title', ''],
  ])('spec §1: with %s the title falls back to the brand label', (_label, title) => {
    document.title = 'something else';
    renderWithProviders(<Page title={title} />);
    expect(document.title).toBe('すこやか');
  });

  it('spec §1: the title follows the page when it changes', () => {
    const { rerender } = renderWithProviders(<Page title="ログイン" />);
    expect(document.title).toBe('ログイン | すこやか');

    rerender(<Page title="バイタル" />);
    expect(document.title).toBe('バイタル | すこやか');

    rerender(<Page />);
    expect(document.title).toBe('すこやか');
  });

  it('spec §1: pageTitle builds the same strings', () => {
    expect(pageTitle('FAQ')).toBe('FAQ | すこやか');
    expect(pageTitle()).toBe('すこやか');
  });
});
