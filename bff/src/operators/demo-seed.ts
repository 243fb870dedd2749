import type { Executor } from '../db/client';
import { createOperator, findOperatorByEmail } from './accounts';

/**
 * The demo association's operator (editor), printed at start and documented in the README. Its
 * TOTP secret is fixed so a person can add it to an authenticator app by hand (or get the current
 * code with `npm run operators -- code --secret …`), and the e2e journey computes the codes.
 * Never seeded in production (the demo is not).
 */
export const DEMO_OPERATOR = {
  email: 'operator@sukoyaka.example',
  name: '運営 花子',
  password: 'sukoyaka-admin-2026',
  totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
} as const;

export async function seedDemoOperator(db: Executor, associationId: string, now: Date): Promise<void> {
  if (await findOperatorByEmail(db, DEMO_OPERATOR.email)) return;
  await createOperator(
    db,
    {
      email: DEMO_OPERATOR.email,
      name: DEMO_OPERATOR.name,
      password: DEMO_OPERATOR.password,
      totpSecret: DEMO_OPERATOR.totpSecret,
      roles: [{ associationId, role: 'editor' }],
    },
    now,
  );
}
