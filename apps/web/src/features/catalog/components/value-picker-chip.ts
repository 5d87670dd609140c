/** The look of one choice in the value and quantity pickers: a chip holding a hidden radio (each adds its padding). */
export const chipClass =
  'flex h-11 cursor-pointer items-center justify-center rounded-xl border text-sm font-semibold tabular-nums ' +
  'transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 ' +
  'has-[:focus-visible]:outline-brand-600 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60';
export const chipOffClass = 'border-gray-200 bg-white text-gray-800 hover:border-gray-400';
export const chipOnClass = 'border-brand-600 bg-brand-50 text-brand-700 ring-1 ring-brand-600';
