// Fixture for boundaries.test.ts: half of an import cycle (kept out of `npm run lint`).
import { b } from './cycle-b';

export const a = (): string => `a${b()}`;
