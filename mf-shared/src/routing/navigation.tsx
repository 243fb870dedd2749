import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { navigateToUrl } from 'single-spa';

/**
 * Whether a click on a link is one the site handles in place: a plain left click on a link that
 * opens in this tab. Modified clicks (new tab, new window, download) are left to the browser.
 */
export function isInPlaceClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  return !target || target === '_self';
}

/**
 * A link to any page of the site. single-spa routes it to the owning area without a reload,
 * whichever area the link sits in; modified clicks (new tab, …) behave as ordinary links, and so
 * do links that leave the site (a native deep link from screenLink, another origin).
 */
export function AppLink({ href, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    // A native deep link (sukoyaka://…) or another site: the web view or the browser opens it.
    if (!href.startsWith('/')) return;
    if (!isInPlaceClick(event, rest.target)) return;
    event.preventDefault();
    navigateToUrl(href);
  };
  return <a href={href} onClick={handleClick} {...rest} />;
}

export function navigate(url: string): void {
  navigateToUrl(url);
}
