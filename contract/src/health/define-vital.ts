import { z } from 'zod/mini';
import { defineCall } from '../define';
import { deletedReading, pageOf, periodQuery, readingId } from './vital-fields';

/**
 * The four calls of one kind of vital, declared once: save (a hand-entered reading), list (a
 * period, newest first, a page at a time), update and delete (only the member's own hand-entered
 * readings). `singular`/`plural` make the names: saveWeight, listWeights, updateWeight,
 * deleteWeight.
 */
export function defineVitalCalls<
  const S extends string,
  const P extends string,
  Input extends z.ZodMiniType,
  Update extends z.ZodMiniType,
  Reading extends z.ZodMiniType,
>(spec: { singular: S; plural: P; label: string; input: Input; updateInput: () => Update; reading: Reading }) {
  return {
    save: defineCall({
      name: `save${spec.singular}` as `save${S}`,
      method: 'POST',
      access: 'member',
      createsResource: true,
      summary: `Records one ${spec.label} reading entered by the member (source manual).`,
      input: () => spec.input,
      output: () => spec.reading,
    }),
    list: defineCall({
      name: `list${spec.plural}` as `list${P}`,
      method: 'GET',
      access: 'member',
      summary: `The member's ${spec.label} readings in a period (from, to), newest first, a page at a time.`,
      input: () => periodQuery,
      output: () => pageOf(spec.reading),
    }),
    update: defineCall({
      name: `update${spec.singular}` as `update${S}`,
      method: 'POST',
      access: 'member',
      summary: `Corrects one of the member's hand-entered ${spec.label} readings (404 for another member's id; 409 for a wearable's or the app's).`,
      input: spec.updateInput,
      output: () => spec.reading,
    }),
    remove: defineCall({
      name: `delete${spec.singular}` as `delete${S}`,
      method: 'POST',
      access: 'member',
      summary: `Deletes one of the member's hand-entered ${spec.label} readings (404 for another member's id; 409 for a wearable's or the app's).`,
      input: () => z.object({ id: readingId }),
      output: () => deletedReading,
    }),
  };
}
