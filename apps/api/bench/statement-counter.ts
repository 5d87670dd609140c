import pg from 'pg';

/** Statements of one kind ("insert orders", "begin") and the time they took, client side. */
export interface StatementTally {
  count: number;
  ms: number;
}

export type StatementTallies = Record<string, StatementTally>;

/** "insert orders", "select checkout_sessions", "with…insert wallet_transactions", "begin". */
function kindOf(text: string): string {
  const sql = text.trim().toLowerCase();
  const verb = /^(begin|commit|rollback|select|insert|update|delete|with)\b/.exec(sql)?.[1] ?? sql.slice(0, 20);
  if (verb === 'begin' || verb === 'commit' || verb === 'rollback') return verb;
  if (verb === 'with') {
    // A statement of several parts, named by its first part: `with "claimed" as (...), ...`.
    const names = [...sql.matchAll(/(?:^with|\),)\s*"?(\w+)"?\s+as\s+\(/g)].map((match) => match[1]);
    return `with ${names[0] ?? '?'} and ${names.length - 1} more parts`;
  }
  const table = /\b(?:from|into|update)\s+"?(\w+)"?/.exec(sql)?.[1] ?? '?';
  return `${verb} ${table}`;
}

/**
 * Counts every statement sent by pg clients created after this call, by kind, with the time each
 * took from sending to its answer (the round trip and the server's work together). It wraps
 * `pg.Client.prototype.query`, which the app's pool clients bind when they are made, so call it
 * before the database is opened. Benchmarks only: the app never counts its statements.
 */
export function countStatements(): { reset(): void; tallies(): StatementTallies } {
  let tallies: StatementTallies = {};
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === 'string' ? first : (first?.text ?? '');
    const started = performance.now();
    const tally = (): void => {
      const kind = kindOf(text);
      const entry = tallies[kind] ?? { count: 0, ms: 0 };
      entry.count += 1;
      entry.ms += performance.now() - started;
      tallies[kind] = entry;
    };
    const result = query.apply(this, args);
    if (result instanceof Promise) result.then(tally, tally);
    else tally();
    return result;
  } as typeof pg.Client.prototype.query;
  return {
    reset: () => {
      tallies = {};
    },
    tallies: () => tallies,
  };
}

/** Adds `more` into `into`, kind by kind. */
export function addTallies(into: StatementTallies, more: StatementTallies): void {
  for (const [kind, tally] of Object.entries(more)) {
    const entry = into[kind] ?? { count: 0, ms: 0 };
    entry.count += tally.count;
    entry.ms += tally.ms;
    into[kind] = entry;
  }
}

/** One line per kind, most frequent first: count per session and mean time. */
export function describeTallies(tallies: StatementTallies, sessions: number): string[] {
  const rows = Object.entries(tallies).sort(([, a], [, b]) => b.count - a.count);
  const total = rows.reduce((sum, [, tally]) => sum + tally.count, 0);
  return [
    `statements per session: ${(total / sessions).toFixed(2)}`,
    ...rows.map(
      ([kind, tally]) =>
        `    ${(tally.count / sessions).toFixed(2).padStart(6)} × ${kind.padEnd(34)} ${(tally.ms / tally.count).toFixed(2).padStart(6)} ms each`,
    ),
  ];
}
