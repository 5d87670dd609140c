/**
 * The gifts module's public face: starting the gifts of a paid checkout, what the payment result
 * and a voucher's detail show of a gift, and the gift schedule. Gift transfers, claims (by link,
 * by sender e-mail, by the addressee), the landing page of a claim link, corrections, resends and
 * reminders are its routes (./routes) and its schedule (./scheduler). The operator console reads
 * gifts and resends or corrects them under the sender's rules (./console, ./changes).
 */
export {
  correctGiftRecipientAsOperator,
  type GiftRecipientRecord,
  NOT_A_GIFT_MESSAGE,
  resendGiftAsOperator,
} from './changes';
export { type GiftEventForTimeline, giftHistoryOfVoucher, giftsOfCustomer } from './console';
export type { GiftMailDeps } from './delivery';
export { giftRoutes } from './routes';
export { GiftScheduler, giftMailDepsOf, giftScheduleTask, registerGiftScheduler } from './scheduler';
export {
  GIFT_ALREADY_CLAIMED_MESSAGE,
  GIFT_CLAIMED_MESSAGE,
  NO_PENDING_GIFTS_MESSAGE,
  OWN_GIFT_MESSAGE,
  TRANSFER_CONFIRMED_MESSAGE,
} from './service';
export {
  type GiftRows,
  type GiftToStart,
  giftOfVoucher,
  giftOrdersOf,
  newGifts,
  type StartedGift,
  startGiftsParts,
} from './start';
