import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { navigateToUrl } from 'single-spa';

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
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (rest.target && rest.target !== '_self') return;
    event.preventDefault();
    navigateToUrl(href);
  };
  return <a href={href} onClick={handleClick} {...rest} />;
}

export function navigate(url: string): void {
  navigateToUrl(url);
}
