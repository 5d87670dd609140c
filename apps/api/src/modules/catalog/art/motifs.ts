import type { CategoryValue } from '@gvm/contract';

/**
 * One simple geometric motif per category, drawn for this app on a 100 x 100 grid as strokes
 * (stroke width, colour and placement come from the card). Shapes only: no brand's mark.
 */
export const categoryMotifs: Readonly<Record<CategoryValue, string>> = {
  // A five-petal flower.
  'beauty & lifestyle':
    '<circle cx="50" cy="50" r="10"/><circle cx="50" cy="24" r="16"/><circle cx="75" cy="42" r="16"/><circle cx="66" cy="71" r="16"/><circle cx="34" cy="71" r="16"/><circle cx="25" cy="42" r="16"/>',
  // An open book.
  booksellers:
    '<path d="M50 26 C38 18 22 18 10 22 V80 C22 76 38 76 50 84 C62 76 78 76 90 80 V22 C78 18 62 18 50 26 Z M50 26 V84"/>',
  // A shopping bag.
  'department-stores': '<path d="M18 36 H82 L78 90 H22 Z"/><path d="M36 44 V28 A14 14 0 0 1 64 28 V44"/>',
  // A lightning bolt.
  electricals: '<path d="M58 6 L22 56 H48 L40 94 L78 40 H52 Z"/>',
  // A play button in a ring.
  entertainment: '<circle cx="50" cy="50" r="40"/><path d="M40 32 L70 50 L40 68 Z"/>',
  // A sun over mountains.
  experiences: '<circle cx="70" cy="28" r="12"/><path d="M6 86 L36 40 L56 68 L68 52 L94 86 Z"/>',
  // A clothes hanger.
  fashion: '<path d="M50 30 A9 9 0 1 1 59 21"/><path d="M50 30 V38 L8 72 H92 L50 38"/>',
  // A cup with steam.
  'food & drink':
    '<path d="M16 42 H72 V62 A22 22 0 0 1 50 84 H38 A22 22 0 0 1 16 62 Z"/><path d="M72 48 H80 A10 10 0 0 1 80 68 H72"/><path d="M32 30 C28 24 36 20 32 12 M48 30 C44 24 52 20 48 12"/>',
  // A house.
  'home & diy': '<path d="M10 48 L50 12 L90 48"/><path d="M20 40 V88 H80 V40"/><path d="M42 88 V62 H58 V88"/>',
  // A cut diamond.
  jewellers: '<path d="M26 18 H74 L92 40 L50 90 L8 40 Z"/><path d="M8 40 H92 M36 18 L30 40 L50 90 L70 40 L64 18"/>',
  // A ball.
  'leisure & sports':
    '<circle cx="50" cy="50" r="40"/><path d="M10 50 H90 M50 10 C30 30 30 70 50 90 M50 10 C70 30 70 70 50 90"/>',
  // A card with a chip.
  'prepaid-card':
    '<rect x="8" y="22" width="84" height="56" rx="8"/><rect x="20" y="36" width="18" height="14" rx="3"/><path d="M20 64 H60"/>',
  // A basket.
  supermarkets:
    '<path d="M8 38 H92 L82 84 H18 Z"/><path d="M30 38 L42 14 M70 38 L58 14 M36 52 V70 M50 52 V70 M64 52 V70"/>',
  // A die.
  'toys & games':
    '<rect x="14" y="14" width="72" height="72" rx="14"/><circle cx="34" cy="34" r="6"/><circle cx="50" cy="50" r="6"/><circle cx="66" cy="66" r="6"/>',
  // A paper plane.
  travel: '<path d="M6 46 L94 12 L70 88 L48 58 Z"/><path d="M48 58 L94 12 M48 58 L44 80 L58 66"/>',
};

/** A category the contract does not know (an old row) still gets a mark: a plain ring. */
export function motifOf(category: string): string {
  return categoryMotifs[category as CategoryValue] ?? '<circle cx="50" cy="50" r="36"/>';
}
