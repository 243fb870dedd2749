// Every bff test file (jest.config.cjs, setupFiles): argon2id at test strength. Production's
// parameters are proven apart, in password.test.ts.
import { useTestStrengthHashing } from '../src/lib/password';

useTestStrengthHashing();
