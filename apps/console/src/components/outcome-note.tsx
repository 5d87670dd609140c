/** What a console page or form last did, said plainly: a status for a success, an alert for a refusal. */
export type Outcome = { kind: 'done' | 'failed'; text: string } | null;

export function OutcomeNote({ outcome }: { outcome: Outcome }) {
  if (!outcome) return null;
  return (
    <p
      role={outcome.kind === 'failed' ? 'alert' : 'status'}
      className={`mt-4 rounded-md border p-3 text-sm ${
        outcome.kind === 'failed'
          ? 'border-red-200 bg-red-50 text-red-800'
          : 'border-green-200 bg-green-50 text-green-900'
      }`}
    >
      {outcome.text}
    </p>
  );
}
