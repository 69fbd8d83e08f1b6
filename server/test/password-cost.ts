/**
 * Tests hash admin passwords at scrypt 2^4: the same code and format as production's 2^15 (which `faults.test.ts`
 * and `admin-create.test.ts` check on the real entry points), at a 2,000th of the work per sign-in and seed.
 */
export const TEST_PASSWORD_COST = 4;
