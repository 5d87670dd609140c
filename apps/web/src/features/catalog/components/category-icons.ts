import type { CategoryValue } from '@gvm/contract';
import {
  BookOpen,
  Clapperboard,
  CreditCard,
  Dumbbell,
  Gamepad2,
  Gem,
  Hammer,
  type LucideIcon,
  Plane,
  Plug,
  Shirt,
  ShoppingBasket,
  Sparkles,
  Store,
  Ticket,
  UtensilsCrossed,
} from 'lucide-react';

/** One icon per category for the browse strip. */
export const categoryIcons: Readonly<Record<CategoryValue, LucideIcon>> = {
  'beauty & lifestyle': Sparkles,
  booksellers: BookOpen,
  'department-stores': Store,
  electricals: Plug,
  entertainment: Clapperboard,
  experiences: Ticket,
  fashion: Shirt,
  'food & drink': UtensilsCrossed,
  'home & diy': Hammer,
  jewellers: Gem,
  'leisure & sports': Dumbbell,
  'prepaid-card': CreditCard,
  supermarkets: ShoppingBasket,
  'toys & games': Gamepad2,
  travel: Plane,
};
