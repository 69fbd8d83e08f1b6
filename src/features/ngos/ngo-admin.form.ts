/** The contract's NgoAdminCreate and NgoAdminPassword: an account without spaces, a password of 8 or more. */
export const ADMIN_ACCOUNT_PATTERN = /^\S{1,50}$/;
export const ADMIN_PASSWORD_MIN_LENGTH = 8;

export const isAdminAccountValid = (account: string) => ADMIN_ACCOUNT_PATTERN.test(account);

export const isAdminPasswordValid = (password: string) =>
  password.length >= ADMIN_PASSWORD_MIN_LENGTH && password.length <= 200;
