import { formatMoney, type Product } from '@gvm/contract';
import { Button, buttonClassName } from '@gvm/ui/button';
import * as AlertDialog from '@radix-ui/react-alert-dialog';

/**
 * docs/product/vouchers-and-gifts.md#exchange: choosing a product opens this dialog; confirming runs the exchange
 * ('Exchanging...'). Exchanges cannot be undone, so the dialog says so before anything happens.
 */
export function ExchangeDialog({
  product,
  amount,
  currency,
  exchanging,
  onConfirm,
  onClose,
}: {
  product: Product | null;
  amount: number;
  currency: string;
  exchanging: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <AlertDialog.Root open={product !== null} onOpenChange={(open) => !open && !exchanging && onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-gray-950/40 backdrop-blur-[2px]" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl focus:outline-none">
          <AlertDialog.Title className="text-lg font-semibold text-gray-900">Confirm Exchange</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-gray-600">
            Exchange your {formatMoney(amount, currency)} voucher for a {product?.merchant.name} voucher of the same
            value? Exchanges cannot be undone.
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClassName('outline')} disabled={exchanging}>
              Cancel
            </AlertDialog.Cancel>
            <Button onClick={onConfirm} disabled={exchanging}>
              {exchanging ? 'Exchanging...' : 'Confirm Exchange'}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
