import type { ReactNode } from 'react';
import { Breadcrumb } from './breadcrumb';

/** The opening band of an information page: breadcrumb, eyebrow, the page's h1 and its lead. */
export function InfoHero({
  crumb,
  eyebrow,
  title,
  children,
}: {
  crumb: string;
  eyebrow?: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className="border-b border-brand-100 bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-7xl px-4 pt-6 pb-12 sm:px-6 sm:pb-16 lg:px-8">
        <Breadcrumb current={crumb} />
        <div className="mt-8 max-w-3xl sm:mt-12">
          {eyebrow ? <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p> : null}
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-gray-900 sm:text-5xl">{title}</h1>
          <div className="mt-5 text-lg leading-8 text-gray-600">{children}</div>
        </div>
      </div>
    </section>
  );
}

/** A page band with an h2 and optional intro, on white or a soft grey. */
export function InfoSection({
  id,
  title,
  intro,
  muted,
  children,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  muted?: boolean;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className={muted ? 'scroll-mt-20 bg-gray-50' : 'scroll-mt-20'}>
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
        <div className="max-w-2xl">
          <h2 id={`${id}-heading`} className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">
            {title}
          </h2>
          {intro ? <div className="mt-3 text-base leading-7 text-gray-600">{intro}</div> : null}
        </div>
        <div className="mt-10">{children}</div>
      </div>
    </section>
  );
}
