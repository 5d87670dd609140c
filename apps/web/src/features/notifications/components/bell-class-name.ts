/** The bell button's look, the same before and after its panel's code has loaded. */
export const bellClassName =
  'relative flex items-center justify-center rounded-full p-2.5 text-gray-600 transition-colors hover:bg-brand-50 hover:text-brand-700 data-[state=open]:bg-brand-50 data-[state=open]:text-brand-700';
