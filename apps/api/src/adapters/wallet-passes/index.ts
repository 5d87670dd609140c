export { createApnsPusher, type PassPusher, type PushOutcome } from './apns';
export { DEV_CHAIN_FOLDER, developmentSigning } from './dev-certificates';
export {
  createGoogleWalletClient,
  type GiftCardContent,
  type GoogleUpdateOutcome,
  type GoogleWalletClient,
  giftCardObjectId,
  googleSaveUrl,
} from './google-wallet';
export { buildPkpass, type PassContent } from './pkpass';
