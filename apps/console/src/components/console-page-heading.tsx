import { usePageMeta } from '@gvm/web-lib/page-meta';
import type { ReactNode } from 'react';

/** A console page's heading, which also names the browser tab. */
export function ConsolePageHeading({ title, children }: { title: string; children?: ReactNode }) {
  usePageMeta(`${title} · Operator console`, `The operator console: ${title}.`);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-semibold text-gray-900">{title}</h1>
      {children}
    </div>
  );
}
