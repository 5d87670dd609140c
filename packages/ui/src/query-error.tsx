import { Button } from './button';

/** A failed request: what went wrong and a way to try again, never a blank page. */
export function QueryError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="mx-auto my-10 max-w-md rounded-lg border border-red-200 bg-red-50 p-6 text-center">
      <p className="text-red-800">{message}</p>
      <Button variant="outline" className="mt-4" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
