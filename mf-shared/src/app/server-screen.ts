import { AREA_CONTAINER_PREFIX, PRERENDER_STYLE_ATTRIBUTE } from '@sukoyaka/contract';

/**
 * Retires the first screen the server rendered into the page (bff/src/web/site.ts) once an area
 * is on screen or has failed: its styles go; the container of an area that has mounted over it
 * becomes usable, and any other loses the server's markup (its area failed, or the member left
 * before it mounted), so nothing of it stays on screen.
 */
export function retireServerScreen(mountedAreas: readonly string[]): void {
  document.querySelectorAll(`style[${PRERENDER_STYLE_ATTRIBUTE}]`).forEach((style) => style.remove());
  document.querySelectorAll(`[id^="${AREA_CONTAINER_PREFIX}"][inert]`).forEach((container) => {
    if (!mountedAreas.includes(container.id.slice(AREA_CONTAINER_PREFIX.length))) container.replaceChildren();
    container.removeAttribute('inert');
    container.removeAttribute('aria-busy');
  });
}
