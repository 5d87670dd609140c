/** The console's own addresses (docs/product/operators.md#the-console), all under /ops. */
export const consolePaths = {
  home: '/ops',
  login: '/ops/login',
  /** Where a 401 sends the operator: the sign-in form, saying the session ended. */
  sessionEnded: '/ops/login?ended=1',
} as const;
