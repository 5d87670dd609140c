/** The 'OR' between signing in by e-mail and with Google. */
export function OrDivider() {
  return (
    <div className="my-6 flex items-center gap-3 text-xs font-medium text-gray-500">
      <span className="h-px flex-1 bg-gray-200" />
      OR
      <span className="h-px flex-1 bg-gray-200" />
    </div>
  );
}
