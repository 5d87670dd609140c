import { ConsolePageHeading } from '@console/components/console-page-heading';
import { type Outcome, OutcomeNote } from '@console/components/outcome-note';
import { TableRegion } from '@console/components/table-region';
import { failureMessage } from '@console/lib/api';
import { downloadOpsFile } from '@console/lib/ops-client';
import { Button } from '@gvm/ui/button';
import { moneyText } from '@gvm/ui/money';
import { QueryError } from '@gvm/ui/query-error';
import { Spinner } from '@gvm/ui/spinner';
import { useState } from 'react';
import {
  reportCsvPaths,
  useCreditOutstanding,
  useOutstandingVouchers,
  useSalesReport,
  useSupplierReport,
} from '../api/reports';

/**
 * /ops/reports (docs/product/operators.md#reports): outstanding vouchers, UGM Credit outstanding,
 * sales and refunds by day, and the supplier's float with the vouchers activated per day (what the
 * float had to cover), each with 'Download CSV'.
 */
export function ReportsPage() {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const download = (path: string, name: string) =>
    downloadOpsFile(path, {}, name).catch((failure: unknown) =>
      setOutcome({ kind: 'failed', text: failureMessage(failure, 'The CSV could not be downloaded.') }),
    );
  return (
    <>
      <ConsolePageHeading title="Reports" />
      <OutcomeNote outcome={outcome} />
      <OutstandingVouchers
        onDownload={() => download(reportCsvPaths.outstandingVouchers, 'outstanding-vouchers.csv')}
      />
      <CreditOutstanding onDownload={() => download(reportCsvPaths.creditOutstanding, 'credit-outstanding.csv')} />
      <Sales onDownload={() => download(reportCsvPaths.sales, 'sales-and-refunds.csv')} />
      <Supplier onDownload={() => download(reportCsvPaths.supplier, 'supplier-activations.csv')} />
    </>
  );
}

function Section({
  id,
  title,
  figures,
  onDownload,
  children,
}: {
  id: string;
  title: string;
  /** The name of its scrolling region of tables, other than the title's (one region per name). */
  figures: string;
  onDownload(): void;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="text-lg font-semibold text-gray-900">
          {title}
        </h2>
        <Button variant="outline" size="sm" onClick={onDownload}>
          Download CSV
        </Button>
      </div>
      {/* On a phone its tables scroll sideways: a region a keyboard can reach (axe's scrollable-region-focusable). */}
      <TableRegion label={figures}>{children}</TableRegion>
    </section>
  );
}

function Table({ head, rows }: { head: string[]; rows: (string | number)[][] }) {
  if (rows.length === 0) return <p className="text-sm text-gray-700">Nothing to report.</p>;
  return (
    <table className="w-full min-w-[32rem] text-left text-sm">
      <thead className="border-gray-200 border-b text-gray-700">
        <tr>
          {head.map((cell) => (
            <th key={cell} scope="col" className="py-2 pr-4 font-medium">
              {cell}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.join('|')} className="border-gray-100 border-b">
            {row.map((cell, index) => (
              <td key={head[index]} className="py-2 pr-4">
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Loading({ query, what }: { query: { isError: boolean; error: unknown; refetch(): unknown }; what: string }) {
  return query.isError ? (
    <QueryError message={failureMessage(query.error, `${what} could not be loaded.`)} onRetry={() => query.refetch()} />
  ) : (
    <Spinner label={`Loading ${what.toLowerCase()}`} className="h-6 w-6" />
  );
}

function OutstandingVouchers({ onDownload }: { onDownload(): void }) {
  const report = useOutstandingVouchers();
  return (
    <Section id="report-outstanding" title="Outstanding vouchers" figures="Outstanding figures" onDownload={onDownload}>
      {report.data ? (
        <>
          <Table
            head={['Currency', 'Vouchers', 'Value']}
            rows={report.data.totals.map((row) => [row.currency, row.count, moneyText(row.value, row.currency)])}
          />
          <h3 className="mt-4 font-medium text-gray-900">By merchant</h3>
          <Table
            head={['Merchant', 'Vouchers', 'Value']}
            rows={report.data.byMerchant.map((row) => [
              row.merchantName,
              row.count,
              moneyText(row.value, row.currency),
            ])}
          />
          <h3 className="mt-4 font-medium text-gray-900">By month of issue</h3>
          <Table
            head={['Month', 'Vouchers', 'Value']}
            rows={report.data.byMonth.map((row) => [row.month, row.count, moneyText(row.value, row.currency)])}
          />
        </>
      ) : (
        <Loading query={report} what="Outstanding vouchers" />
      )}
    </Section>
  );
}

function CreditOutstanding({ onDownload }: { onDownload(): void }) {
  const report = useCreditOutstanding();
  return (
    <Section id="report-credit" title="UGM Credit outstanding" figures="Credit figures" onDownload={onDownload}>
      {report.data ? (
        <Table
          head={['Currency', 'Wallets', 'Balance']}
          rows={report.data.balances.map((row) => [row.currency, row.wallets, moneyText(row.balance, row.currency)])}
        />
      ) : (
        <Loading query={report} what="UGM Credit outstanding" />
      )}
    </Section>
  );
}

function Sales({ onDownload }: { onDownload(): void }) {
  const report = useSalesReport();
  return (
    <Section id="report-sales" title="Sales and refunds by day" figures="Sales figures" onDownload={onDownload}>
      {report.data ? (
        <Table
          head={['Day', 'Orders', 'Sales', 'Refunds', 'Refunded']}
          rows={report.data.days.map((row) => [
            `${row.day} (${row.currency})`,
            row.orders,
            moneyText(row.sales, row.currency),
            row.refunds,
            moneyText(row.refunded, row.currency),
          ])}
        />
      ) : (
        <Loading query={report} what="Sales and refunds" />
      )}
    </Section>
  );
}

const supplierNames: Record<string, string> = { tillo: 'Tillo', simulator: 'Supplier simulator' };

function Supplier({ onDownload }: { onDownload(): void }) {
  const report = useSupplierReport();
  const name = report.data ? (supplierNames[report.data.supplier] ?? report.data.supplier) : 'The supplier';
  return (
    <Section
      id="report-supplier"
      title="Supplier float and activations"
      figures="Supplier figures"
      onDownload={onDownload}
    >
      {report.data ? (
        <>
          <h3 className="font-medium text-gray-900">{name}’s float</h3>
          {report.data.floatError ? (
            <p role="alert" className="text-sm text-red-700">
              {report.data.floatError}
            </p>
          ) : (
            <Table
              head={['Float', 'Available']}
              rows={report.data.floats.map((row) => [
                `${row.name} (${row.currency})`,
                moneyText(row.available, row.currency),
              ])}
            />
          )}
          <h3 className="mt-4 font-medium text-gray-900">Vouchers activated by day (their cards bought)</h3>
          <Table
            head={['Day', 'Activated', 'Face value']}
            rows={report.data.activations.map((row) => [
              `${row.day} (${row.currency})`,
              row.count,
              moneyText(row.faceValue, row.currency),
            ])}
          />
        </>
      ) : (
        <Loading query={report} what="The supplier's float" />
      )}
    </Section>
  );
}
