/*
 * The password policy every new password follows (sign-up, reset, any change), stated to the
 * member under the field as PASSWORD_POLICY_HINT; the schema and the list of common passwords are
 * the account area's (../account/password-policy.ts).
 */

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

/** What the member reads under every new-password field. */
export const PASSWORD_POLICY_HINT = '10文字以上で、推測されやすいものは使えません';
