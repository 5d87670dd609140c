import { ConsolePageHeading } from '@console/components/console-page-heading';
import { TableRegion } from '@console/components/table-region';
import { useTeam } from '@console/features/team';
import { failureMessage } from '@console/lib/api';
import type { AuditEntry } from '@gvm/contract/ops';
import { Button } from '@gvm/ui/button';
import { Field } from '@gvm/ui/field';
import { Input } from '@gvm/ui/input';
import { QueryError } from '@gvm/ui/query-error';
import { Select } from '@gvm/ui/select';
import { Spinner } from '@gvm/ui/spinner';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { type AuditFilters, downloadAuditCsv, useAuditLog } from '../api/audit';
import { type ChangeValue, changeLines, shortId, targetPath } from '../lib/audit-text';

const noFilters: AuditFilters = { operator: '', action: '', targetType: '', targetId: '', from: '', to: '' };

/** The actions the trail knows (docs/product/operators.md#audit-trail), offered as the field's suggestions. */
const knownActions = [
  'operator.admin-from-config',
  'operator.two-step-set-up',
  'operator.sign-in',
  'operator.sign-out',
  'operator.invite',
  'operator.role-change',
  'operator.disable',
  'operator.enable',
  'operator.two-step-reset',
  'audit.export',
];

/**
 * /ops/audit (admin; docs/product/operators.md#audit-trail): the append-only trail, newest first,
 * filtered by operator, action, target and dates, 50 a page, and the same filters as a CSV
 * download (fetched with the operator's token and saved from a Blob: decision 047).
 */
export function AuditLogPage() {
  const [draft, setDraft] = useState<AuditFilters>(noFilters);
  const [filters, setFilters] = useState<AuditFilters>(noFilters);
  // The cursors of the pages before this one: `Newer` goes back one.
  const [cursors, setCursors] = useState<string[]>([]);
  const before = cursors.at(-1);
  const log = useAuditLog(filters, before);
  const [download, setDownload] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFilters(draft);
    setCursors([]);
  }

  async function downloadCsv() {
    setDownload({ busy: true, error: null });
    try {
      await downloadAuditCsv(filters);
      setDownload({ busy: false, error: null });
    } catch (failure) {
      setDownload({ busy: false, error: failureMessage(failure, 'The CSV could not be downloaded.') });
    }
  }

  return (
    <>
      <ConsolePageHeading title="Audit log">
        <Button variant="outline" onClick={downloadCsv} disabled={download.busy}>
          {download.busy ? 'Preparing…' : 'Download CSV'}
        </Button>
      </ConsolePageHeading>
      {download.error ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {download.error}
        </p>
      ) : null}
      <FilterForm
        draft={draft}
        onChange={setDraft}
        onSubmit={apply}
        onClear={() => {
          setDraft(noFilters);
          setFilters(noFilters);
          setCursors([]);
        }}
      />
      {log.isError ? (
        <QueryError
          message={failureMessage(log.error, 'The audit log could not be loaded.')}
          onRetry={() => log.refetch()}
        />
      ) : log.data ? (
        <>
          <AuditTable entries={log.data.entries} />
          <nav aria-label="Audit log pages" className="mt-4 flex gap-3">
            {cursors.length > 0 ? (
              <Button variant="outline" size="sm" onClick={() => setCursors((list) => list.slice(0, -1))}>
                Newer entries
              </Button>
            ) : null}
            {log.data.nextCursor ? (
              <Button
                variant="outline"
                size="sm"
                onClick={() => {
                  const next = log.data?.nextCursor;
                  if (next) setCursors((list) => [...list, next]);
                }}
              >
                Older entries
              </Button>
            ) : null}
          </nav>
        </>
      ) : (
        <Spinner label="Loading the audit log" className="mt-4 h-6 w-6" />
      )}
    </>
  );
}

function FilterForm({
  draft,
  onChange,
  onSubmit,
  onClear,
}: {
  draft: AuditFilters;
  onChange(filters: AuditFilters): void;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  onClear(): void;
}) {
  const team = useTeam();
  const set = (key: keyof AuditFilters) => (event: { target: { value: string } }) =>
    onChange({ ...draft, [key]: event.target.value });
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Filter the audit log" className="mt-6 space-y-4">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Field id="audit-operator" label="Operator">
          {(control) => (
            <Select {...control} value={draft.operator ?? ''} onChange={set('operator')}>
              <option value="">Any operator</option>
              {team.data?.operators.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.email}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field id="audit-action" label="Action">
          {(control) => (
            <>
              <Input {...control} list="audit-actions" value={draft.action ?? ''} onChange={set('action')} />
              <datalist id="audit-actions">
                {knownActions.map((action) => (
                  <option key={action} value={action} />
                ))}
              </datalist>
            </>
          )}
        </Field>
        <Field id="audit-target-type" label="Target type">
          {(control) => <Input {...control} value={draft.targetType ?? ''} onChange={set('targetType')} />}
        </Field>
        <Field id="audit-target-id" label="Target id">
          {(control) => <Input {...control} value={draft.targetId ?? ''} onChange={set('targetId')} />}
        </Field>
        <Field id="audit-from" label="From" hint="The whole day, UTC">
          {(control) => <Input {...control} type="date" value={draft.from ?? ''} onChange={set('from')} />}
        </Field>
        <Field id="audit-to" label="To" hint="The whole day, UTC">
          {(control) => <Input {...control} type="date" value={draft.to ?? ''} onChange={set('to')} />}
        </Field>
      </div>
      <div className="flex gap-3">
        <Button type="submit">Apply filters</Button>
        <Button variant="ghost" onClick={onClear}>
          Clear filters
        </Button>
      </div>
    </form>
  );
}

function IdLinks({ targetType, ids }: { targetType: string; ids: readonly string[] }) {
  return (
    <>
      {ids.map((id, index) => {
        const path = targetPath(targetType, id);
        return (
          <span key={id}>
            {index > 0 ? ', ' : ''}
            {path ? (
              <Link to={path} title={id} className="link">
                {targetType} {shortId(id)}
              </Link>
            ) : (
              <span className="break-all">
                {targetType} {id}
              </span>
            )}
          </span>
        );
      })}
    </>
  );
}

function ChangeValueText({ value }: { value: ChangeValue }) {
  return value.kind === 'ids' ? <IdLinks targetType={value.targetType} ids={value.ids} /> : <>{value.text}</>;
}

/** What a change did, a line a field: 'state: active → void'; new fields show their value alone. */
function ChangeText({ before, after }: { before: unknown; after: unknown }) {
  const lines = changeLines(before, after);
  if (lines.length === 0) return null;
  return (
    <ul className="space-y-0.5">
      {lines.map((line) => (
        <li key={line.field} className="break-words">
          <span className="text-gray-600">{line.field}:</span>{' '}
          {line.before && line.after ? (
            <>
              <ChangeValueText value={line.before} /> → <ChangeValueText value={line.after} />
            </>
          ) : line.after ? (
            <ChangeValueText value={line.after} />
          ) : line.before ? (
            <>
              <ChangeValueText value={line.before} /> → removed
            </>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function AuditTable({ entries }: { entries: AuditEntry[] }) {
  if (entries.length === 0) return <p className="mt-6 text-gray-700">No entries match these filters.</p>;
  return (
    <TableRegion label="Audit log entries">
      {/* Fits the console's page at 1280 px (time and change wrap); narrower, the region scrolls. */}
      <table className="w-full min-w-[52rem] text-left text-sm">
        <caption className="sr-only">Audit log entries, newest first</caption>
        <thead className="border-gray-200 border-b text-gray-700">
          <tr>
            {['Time (UTC)', 'Operator', 'Action', 'Target', 'Reason', 'Change', 'IP'].map((column) => (
              <th key={column} scope="col" className="py-2 pr-3 font-medium">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} className="border-gray-100 border-b align-top">
              <td className="w-24 py-2 pr-3">
                <time dateTime={entry.at}>
                  {entry.at.slice(0, 10)} <span className="whitespace-nowrap">{entry.at.slice(11, 19)}</span>
                </time>
              </td>
              <td className="py-2 pr-3 break-all">
                {entry.operatorEmail} <span className="text-gray-600">({entry.role})</span>
              </td>
              <td className="py-2 pr-3 break-words">{entry.action}</td>
              <td className="py-2 pr-3">
                <IdLinks targetType={entry.targetType} ids={[entry.targetId]} />
              </td>
              <td className="py-2 pr-3 break-words">{entry.reason ?? ''}</td>
              <td className="min-w-48 py-2 pr-3">
                <ChangeText before={entry.before} after={entry.after} />
              </td>
              <td className="py-2 whitespace-nowrap">{entry.ip}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}
