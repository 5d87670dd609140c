/** docs/product/accounts.md#sign-in-by-code: non-empty and containing @ (the server checks the rest). */
export function isPlausibleLoginEmail(email: string): boolean {
  return email.trim() !== '' && email.includes('@');
}

/** docs/product/accounts.md#sign-in-by-code: present and at least 6 characters. */
export function isPlausibleLoginCode(code: string): boolean {
  return code.trim().length >= 6;
}

/** Sign-up email (docs/product/accounts.md#sign-up): non-space text, @, non-space text, a dot, non-space text. */
export function isValidSignUpEmail(email: string): boolean {
  return /^\S+@\S+\.\S+$/.test(email.trim());
}
