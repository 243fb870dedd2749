/** How long a code sent by SMS (two-factor sign-in and its setup) can be used, how many tries it allows, its digits. */
export const SMS_CODE_TTL_MINUTES = 5;
export const SMS_CODE_MAX_ATTEMPTS = 5;
export const SMS_CODE_LENGTH = 6;
