// The physician who supervises the health forecast (/doctor_profile01): one row per association
// and one service-wide row (association null) for visitors and associations without their own.
// Operators edit it through updateDoctorProfile (the operator side of H14b calls it).
import { doctorProfileInput, type DoctorProfile, type DoctorProfileInput } from '@sukoyaka/contract';
import { eq, isNull } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { doctorProfiles } from '../db/schema';
import { parseOrThrow } from '../platform/validation';

type Row = typeof doctorProfiles.$inferSelect;

const toProfile = (row: Row): DoctorProfile => ({
  name: row.name,
  nameKana: row.nameKana,
  title: row.title,
  specialty: row.specialty,
  qualifications: row.qualifications,
  career: row.career,
  message: row.message,
  updatedAt: row.updatedAt.toISOString(),
});

const ofAssociation = (associationId: string | null) =>
  associationId === null ? isNull(doctorProfiles.associationId) : eq(doctorProfiles.associationId, associationId);

/** The association's physician, else the service's own; null when neither exists. */
export async function getDoctorProfile(db: Executor, associationId: string | null): Promise<{ profile: DoctorProfile | null }> {
  if (associationId !== null) {
    const [own] = await db.select().from(doctorProfiles).where(ofAssociation(associationId));
    if (own) return { profile: toProfile(own) };
  }
  const [shared] = await db.select().from(doctorProfiles).where(ofAssociation(null));
  return { profile: shared ? toProfile(shared) : null };
}

/**
 * Sets the physician of an association (null: the service-wide one), validated by the contract's
 * doctorProfileInput (a bad field is a 400 naming it), in one transaction with the row locked.
 */
export async function updateDoctorProfile(
  db: Executor,
  associationId: string | null,
  input: DoctorProfileInput | Record<string, unknown>,
  now = new Date(),
): Promise<DoctorProfile> {
  const values = parseOrThrow(doctorProfileInput, input);
  const row = await db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: doctorProfiles.id }).from(doctorProfiles).where(ofAssociation(associationId)).for('update');
    if (existing) {
      const [updated] = await tx
        .update(doctorProfiles)
        .set({ ...values, updatedAt: now })
        .where(eq(doctorProfiles.id, existing.id))
        .returning();
      return updated!;
    }
    const [inserted] = await tx
      .insert(doctorProfiles)
      .values({ ...values, associationId, updatedAt: now })
      .returning();
    return inserted!;
  });
  return toProfile(row);
}
