import { ConsolePageHeading } from './console-page-heading';

/** A console page whose tools are still to come: it says so plainly rather than drawing nothing. */
export function NotBuiltYet({ title }: { title: string }) {
  return (
    <>
      <ConsolePageHeading title={title} />
      <p className="mt-4 text-gray-700">This page is not built yet.</p>
    </>
  );
}
