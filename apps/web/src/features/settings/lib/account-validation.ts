import { accountNameSchema, accountPhoneSchema } from '@gvm/contract';

/**
 * The live messages of the settings form (docs/product/accounts.md#account-and-settings), from the same schemas the server
 * applies: 'Name is required', 'Name must be at least 2 characters', 'Please enter a valid phone
 * number or leave it empty'. Undefined when the value is fine.
 */
export function nameError(name: string): string | undefined {
  return accountNameSchema.safeParse(name).error?.issues[0]?.message;
}

export function phoneError(phone: string): string | undefined {
  return accountPhoneSchema.safeParse(phone).error?.issues[0]?.message;
}
