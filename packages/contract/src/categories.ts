/** docs/product/browsing.md#search-filter-and-sort: the fifteen category values, in the order the product lists them. */
export const categoryValues = [
  'beauty & lifestyle',
  'booksellers',
  'department-stores',
  'electricals',
  'entertainment',
  'experiences',
  'fashion',
  'food & drink',
  'home & diy',
  'jewellers',
  'leisure & sports',
  'prepaid-card',
  'supermarkets',
  'toys & games',
  'travel',
] as const;

export type CategoryValue = (typeof categoryValues)[number];

export const categoryNames: Readonly<Record<CategoryValue, string>> = {
  'beauty & lifestyle': 'Beauty & Lifestyle',
  booksellers: 'Booksellers',
  'department-stores': 'Department Stores',
  electricals: 'Electricals',
  entertainment: 'Entertainment',
  experiences: 'Experiences',
  fashion: 'Fashion',
  'food & drink': 'Food & Drink',
  'home & diy': 'Home & DIY',
  jewellers: 'Jewellers',
  'leisure & sports': 'Leisure & Sports',
  'prepaid-card': 'Prepaid Cards',
  supermarkets: 'Supermarkets',
  'toys & games': 'Toys & Games',
  travel: 'Travel',
};

export const categories = categoryValues.map((value) => ({ value, name: categoryNames[value] }));

export function isCategoryValue(value: string): value is CategoryValue {
  return (categoryValues as readonly string[]).includes(value);
}
