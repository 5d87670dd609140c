import { cardArtUrl } from '@gvm/contract';
import { MerchantLogo } from '@gvm/ui/merchant-logo';
import { clsx } from 'clsx';
import type { ReactNode } from 'react';

/** What a card shows of any voucher: whose it is and its value (major units), printed on the art. */
export interface VoucherFace {
  merchantName: string;
  imageUrl: string | undefined;
  value: number;
  currency: string;
}

/**
 * A voucher at a glance: its card art with the value on it, the merchant's name with a line or two
 * under it (`details`), and what stands at the row's end (`end`: its amount, or a status);
 * `children` go below the row. The payment result, the sent gifts of a purchase, a redeemed gift
 * and the wallet's received and sent gifts.
 */
export function VoucherCard({
  voucher,
  as: Box = 'li',
  heading = false,
  details,
  end,
  className,
  children,
}: {
  voucher: VoucherFace;
  /** A list's item (the default), or a card on its own. */
  as?: 'li' | 'div';
  /** The merchant's name is the card's heading (h3), where the cards sit under a section heading. */
  heading?: boolean;
  details?: ReactNode;
  end?: ReactNode;
  className?: string;
  children?: ReactNode;
}) {
  const Name = heading ? 'h3' : 'p';
  return (
    <Box
      className={clsx(
        'flex min-w-0 flex-col gap-3 rounded-2xl border border-gray-200 bg-white p-4 text-left shadow-xs',
        className,
      )}
    >
      <div className="flex items-center gap-3">
        <MerchantLogo
          src={cardArtUrl(voucher.imageUrl ?? '', voucher.value, voucher.currency)}
          name={voucher.merchantName}
          className="h-12 w-[76px] rounded-lg text-xl"
        />
        <div className="min-w-0 flex-1">
          <Name className="truncate font-semibold text-gray-900">{voucher.merchantName}</Name>
          {details}
        </div>
        {end}
      </div>
      {children}
    </Box>
  );
}
