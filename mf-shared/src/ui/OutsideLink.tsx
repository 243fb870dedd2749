import { ExternalLink } from 'lucide-react';
import type { AnchorHTMLAttributes } from 'react';
import styled from 'styled-components';
import { isWebView } from '../device/device';
import { outsideLink } from '../device/deep-links';
import { VisuallyHidden } from './primitives';

/** What a screen reader hears about a link that opens a new tab. */
export const NEW_TAB_HINT = '新しいタブで開きます';

const Anchor = styled.a`
  display: inline-flex;
  align-items: center;
  gap: 0.25em;
  svg {
    flex: none;
  }
`;

/**
 * A link to a page outside the site (a partner, a document on another site): in a browser it opens
 * in a new tab; inside the apps' web views it goes through the app's scheme (`outsideLink`), which
 * opens it outside the web view (docs/native-apps.md). The icon says it leaves the site; it is
 * decorative, the link's text names it.
 */
export function OutsideLink({ href, children, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const webView = isWebView();
  return (
    <Anchor href={outsideLink(href)} {...(webView ? {} : { target: '_blank', rel: 'noopener noreferrer' })} {...rest}>
      {children}
      <ExternalLink size="1em" aria-hidden="true" focusable="false" />
      {webView ? null : <VisuallyHidden>（{NEW_TAB_HINT}）</VisuallyHidden>}
    </Anchor>
  );
}
