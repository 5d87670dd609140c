import { APPLE_WALLET_LABEL, GOOGLE_WALLET_LABEL } from '@gvm/contract';
import { useState } from 'react';
import { toApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { downloadApplePass, getGoogleWalletLink, useWalletOffers } from '../api/wallet-passes';

/** Each platform's own artwork, served by the app (public/wallet), with its official wording. */
export const APPLE_WALLET_BADGE = '/wallet/add-to-apple-wallet.svg';
export const GOOGLE_WALLET_BUTTON = '/wallet/save-to-google-wallet.svg';

/**
 * 'Add to Apple Wallet' and 'Save to Google Wallet' below the code (docs/product/vouchers-and-gifts.md#wallet-passes):
 * the voucher's pass, for its holder, once it has a code. Each button is the platform's badge, its
 * accessible name the badge's wording; Google's only where the server has Google Wallet set up.
 */
export function WalletButtons({ voucherId }: { voucherId: string }) {
  const offers = useWalletOffers(voucherId);
  const [busy, setBusy] = useState<'apple' | 'google' | null>(null);
  if (!offers.data || (!offers.data.apple && !offers.data.google)) return null;

  const addToApple = async () => {
    setBusy('apple');
    try {
      await downloadApplePass(voucherId);
    } catch (error) {
      toast.error('Could not add the voucher to Apple Wallet', { description: toApiError(error).message });
    } finally {
      setBusy(null);
    }
  };
  const saveToGoogle = async () => {
    setBusy('google');
    try {
      window.location.assign(await getGoogleWalletLink(voucherId));
    } catch (error) {
      toast.error('Could not save the voucher to Google Wallet', { description: toApiError(error).message });
      setBusy(null);
    }
  };

  return (
    <section aria-label="Add to your phone's wallet" className="mt-6 flex flex-col items-center gap-3">
      {offers.data.apple && (
        <button
          type="button"
          onClick={addToApple}
          disabled={busy !== null}
          aria-busy={busy === 'apple'}
          className="rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-black disabled:opacity-60"
        >
          <img src={APPLE_WALLET_BADGE} alt={APPLE_WALLET_LABEL} width={151} height={48} className="h-12 w-auto" />
        </button>
      )}
      {offers.data.google && (
        <button
          type="button"
          onClick={saveToGoogle}
          disabled={busy !== null}
          aria-busy={busy === 'google'}
          className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-black disabled:opacity-60"
        >
          <img src={GOOGLE_WALLET_BUTTON} alt={GOOGLE_WALLET_LABEL} width={216} height={48} className="h-12 w-auto" />
        </button>
      )}
    </section>
  );
}
