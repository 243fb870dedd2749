import type { Handlers } from '../platform/handlers';
import { listBloodPressures, saveBloodPressure } from './blood-pressures';

export const healthHandlers = {
  saveBloodPressure: (input, { db, member }) => saveBloodPressure(db, member.id, input),
  listBloodPressures: (input, { db, member }) => listBloodPressures(db, member.id, input),
} satisfies Partial<Handlers>;
