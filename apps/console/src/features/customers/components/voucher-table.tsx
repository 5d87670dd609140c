import { voucherStateText } from '@console/components/state-badge';
import { dateTime } from '@console/lib/format';
import { formatMoney } from '@gvm/contract/money';
import type { OpsVoucherSummary } from '@gvm/contract/ops-customers';
import { Link } from 'react-router';
import { useCustomerLinks } from '../lib/customer-links';

/** Vouchers as an operator sees them: state and the code's last four only (decision 048). */
export function VoucherTable({ vouchers, caption }: { vouchers: readonly OpsVoucherSummary[]; caption: string }) {
  const links = useCustomerLinks();
  if (vouchers.length === 0) return <p className="mt-2 text-gray-700">No vouchers.</p>;
  return (
    <div className="mt-2 overflow-x-auto">
      {/* Beside a chat the panel is half the page: the table wraps its cells to fit rather than
          scrolling its holder and dates out of sight (decision 074). */}
      <table className={`w-full text-left text-sm ${links.embedded ? '' : 'min-w-[44rem]'}`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-gray-200 border-b text-gray-700">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">
              Voucher
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Value
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              State
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Code ends
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Holder
            </th>
            <th scope="col" className="py-2 font-medium">
              Issued
            </th>
          </tr>
        </thead>
        <tbody>
          {vouchers.map((voucher) => (
            <tr key={voucher.id} className="border-gray-100 border-b">
              <td className="py-2 pr-4">
                <Link to={links.voucher(voucher.id)} className="link">
                  {voucher.merchantName}
                  {voucher.isGift ? ' (gift)' : ''}
                </Link>
              </td>
              <td className="py-2 pr-4">{formatMoney(voucher.value, voucher.currency)}</td>
              <td className="py-2 pr-4">{voucherStateText[voucher.state]}</td>
              <td className="py-2 pr-4 font-mono">{voucher.codeLast4 ?? 'No code yet'}</td>
              <td className="py-2 pr-4 break-all">{voucher.holder?.email ?? 'Nobody yet'}</td>
              <td className="py-2">{dateTime(voucher.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
