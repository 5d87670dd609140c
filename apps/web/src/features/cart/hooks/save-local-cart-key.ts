/** The local cart's save (useSaveLocalCart), as the server cart watches it to show it is saving. */
export const saveLocalCartMutationKey = ['cart', 'save-local'] as const;
