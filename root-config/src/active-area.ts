import { areaForPath, type AreaName } from '@sukoyaka/contract';

/**
 * The area for a path: its owner, and mf-account for any path no area owns (it shows the 404
 * page there, DESIGN.md).
 */
export function activeArea(pathname: string): AreaName {
  return areaForPath(pathname) ?? '@sukoyaka/account';
}
