import { eq } from 'drizzle-orm';
import { hashPassword } from '../lib/password';
import type { Database } from './client';
import { associations, bloodPressures, users } from './schema';

/** The demo account printed at start and documented in the README. */
export const DEMO_MEMBER = {
  email: 'demo@sukoyaka.example',
  password: 'sukoyaka-demo-2026',
  nickname: 'すこやか 花子',
  birthday: '1980-04-01',
} as const;

export const DEMO_ASSOCIATION_NAME = 'すこやか健康保険組合';

/**
 * Seeds a fresh database with the demo association, the demo member and a week of readings, so
 * a newcomer sees every area filled. Does nothing when the demo member already exists.
 */
export async function seedDemo(db: Database): Promise<{ seeded: boolean }> {
  const existing = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_MEMBER.email));
  if (existing.length > 0) return { seeded: false };
  const passwordHash = await hashPassword(DEMO_MEMBER.password);
  await db.transaction(async (tx) => {
    const [association] = await tx.insert(associations).values({ name: DEMO_ASSOCIATION_NAME }).returning();
    const [member] = await tx
      .insert(users)
      .values({
        email: DEMO_MEMBER.email,
        passwordHash,
        nickname: DEMO_MEMBER.nickname,
        birthday: DEMO_MEMBER.birthday,
        associationId: association!.id,
      })
      .returning();
    const now = Date.now();
    const day = 24 * 60 * 60 * 1000;
    await tx.insert(bloodPressures).values(
      Array.from({ length: 7 }, (_, i) => ({
        userId: member!.id,
        measuredAt: new Date(now - (i + 1) * day),
        systolic: 118 + ((i * 7) % 13),
        diastolic: 76 + ((i * 5) % 9),
        pulse: 64 + ((i * 3) % 10),
      })),
    );
  });
  return { seeded: true };
}
