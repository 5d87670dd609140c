import { failureMessage } from '@console/lib/api';
import { dateTime } from '@console/lib/format';
import { QueryError } from '@gvm/ui/query-error';
import { Spinner } from '@gvm/ui/spinner';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * The parts Messages and Partners share (docs/product/operators.md#messages, #partners): a queue
 * as a table whose rows open the item, the item's page under a link back to the queue, and the
 * item's thread of operators' replies or notes.
 */

/** A query as the inbox pages show it: its failure with 'Try again', then its data, else a spinner. */
export function Loaded<Data>({
  query,
  failure,
  loading,
  children,
}: {
  query: UseQueryResult<Data>;
  /** What the failure says when the API gives no message of its own. */
  failure: string;
  /** The spinner's label while the query loads. */
  loading: string;
  children(data: Data): ReactNode;
}) {
  if (query.isError) {
    return <QueryError message={failureMessage(query.error, failure)} onRetry={() => query.refetch()} />;
  }
  if (query.data) return children(query.data);
  return <Spinner label={loading} className="mt-6 h-6 w-6" />;
}

/** A queue's items as a table of `headings`, each row's cells from `cells`; `empty` when there are none. */
export function QueueTable<Item extends { id: string }>({
  items,
  empty,
  headings,
  cells,
}: {
  items: readonly Item[];
  empty: string;
  headings: readonly string[];
  cells(item: Item): ReactNode;
}) {
  if (items.length === 0) return <p className="mt-6 text-gray-700">{empty}</p>;
  return (
    <div className="mt-6 overflow-x-auto">
      <table className="w-full min-w-[48rem] text-left text-sm">
        <thead className="border-gray-200 border-b text-gray-700">
          <tr>
            {headings.map((name) => (
              <th key={name} scope="col" className="py-2 pr-4 font-medium">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id} className="border-gray-100 border-b align-top">
              {cells(item)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** An item's page: the link back to its queue, then the item as `children` draws it once loaded. */
export function ItemPage<Data>({
  back,
  backLabel,
  ...loaded
}: {
  /** The queue's path. */
  back: string;
  backLabel: string;
  query: UseQueryResult<Data>;
  failure: string;
  loading: string;
  children(data: Data): ReactNode;
}) {
  return (
    <>
      <Link to={back} className="link text-sm">
        {backLabel}
      </Link>
      <Loaded {...loaded} />
    </>
  );
}

/** What operators wrote on an item (the API gives it oldest first) under the heading `title`; `empty` when none did. */
export function Thread({
  title,
  empty,
  entries,
}: {
  title: string;
  empty: string;
  entries: readonly { id: string; operator: { email: string }; body: string; createdAt: string }[];
}) {
  return (
    <>
      <h2 className="mt-8 text-lg font-semibold text-gray-900">{title}</h2>
      {entries.length === 0 ? (
        <p className="mt-2 text-gray-700">{empty}</p>
      ) : (
        <ol className="mt-2 space-y-4" aria-label={title}>
          {entries.map((entry) => (
            <li key={entry.id} className="rounded-md border border-gray-200 p-4">
              <p className="text-sm text-gray-600">
                {entry.operator.email}, {dateTime(entry.createdAt)}
              </p>
              <p className="mt-2 whitespace-pre-wrap text-gray-900">{entry.body}</p>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
