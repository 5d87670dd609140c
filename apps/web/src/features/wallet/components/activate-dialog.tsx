import { buttonClassName } from '@gvm/ui/button';
import * as AlertDialog from '@radix-ui/react-alert-dialog';

/** docs/product/vouchers-and-gifts.md#active-vouchers: activation is irreversible, so it is confirmed in a dialog first. */
export function ActivateDialog({
  voucherName,
  open,
  pending,
  onOpenChange,
  onConfirm,
}: {
  voucherName: string;
  open: boolean;
  pending: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold">Activate {voucherName} voucher?</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-gray-600">
            Activating reveals the code so you can use it. This cannot be undone: an activated voucher can no longer be
            exchanged or converted into UGM Credit.
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClassName('outline')}>Cancel</AlertDialog.Cancel>
            <AlertDialog.Action
              className={buttonClassName('primary')}
              disabled={pending}
              onClick={(event) => {
                event.preventDefault();
                onConfirm();
              }}
            >
              {pending ? 'Activating...' : 'Activate'}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
