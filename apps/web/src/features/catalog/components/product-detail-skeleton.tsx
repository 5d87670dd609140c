/** The shape of the product page while it loads, so nothing jumps when it arrives. */
export function ProductDetailSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading the product"
      className="mx-auto max-w-7xl animate-pulse px-4 py-6 sm:px-6 sm:py-10 lg:px-8"
    >
      <div className="h-4 w-56 rounded bg-gray-100" />
      <div className="mt-6 grid gap-8 lg:grid-cols-2 lg:gap-12">
        <div className="aspect-[4/3] rounded-3xl bg-gray-100" />
        <div className="space-y-5">
          <div className="h-9 w-2/3 rounded bg-gray-100" />
          <div className="h-6 w-40 rounded bg-gray-100" />
          <div className="space-y-2">
            <div className="h-4 w-full rounded bg-gray-100" />
            <div className="h-4 w-full rounded bg-gray-100" />
            <div className="h-4 w-3/4 rounded bg-gray-100" />
          </div>
          <div className="h-64 rounded-2xl bg-gray-100" />
        </div>
      </div>
    </div>
  );
}
