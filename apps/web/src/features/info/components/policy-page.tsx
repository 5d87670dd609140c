import { usePageMeta } from '@gvm/web-lib/page-meta';
import type { ReactNode } from 'react';
import { Breadcrumb } from './breadcrumb';

/** One numbered part of a policy document, reachable by its anchor id. */
export interface PolicySection {
  id: string;
  heading: string;
  body: ReactNode;
}

export interface PolicyPageProps {
  title: string;
  /** The whole date line, e.g. 'Last updated: June 3, 2025'. */
  updated: string;
  /** One-sentence meta description for the document head. */
  description: string;
  sections: PolicySection[];
  intro?: ReactNode;
}

/**
 * Typography for the policy text. Tailwind's preflight strips list styles, so lists, paragraphs
 * and sub-headings inside the caller's markup are styled from the wrapper.
 */
const proseClass = [
  'space-y-4 text-base leading-7 text-gray-700',
  '[&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6',
  '[&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6',
  '[&_li]:pl-1 [&_li]:marker:text-gray-400',
  '[&_strong]:font-semibold [&_strong]:text-gray-900',
  '[&_h3]:pt-2 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-gray-900',
].join(' ');

/** Links inside policy text: the brand colour, underlined so they never rely on colour alone. */
export const policyLinkClass = 'text-brand-700 underline underline-offset-2 hover:text-brand-600';
const tocLinkClass = policyLinkClass;

/** Shared layout for the terms, privacy, AML and refund pages. */
export function PolicyPage({ title, updated, description, sections, intro }: PolicyPageProps) {
  usePageMeta(title, description);

  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14 lg:py-16">
      <Breadcrumb current={title} />
      <header className="mt-6 border-b border-gray-200 pb-6">
        <h1 className="text-3xl font-semibold tracking-tight text-gray-900 sm:text-4xl">{title}</h1>
        <p className="mt-3 text-sm text-gray-500">{updated}</p>
      </header>

      {intro ? <div className={`mt-6 ${proseClass}`}>{intro}</div> : null}

      {sections.length > 0 ? (
        <nav aria-label="Contents" className="mt-8 rounded-lg border border-gray-200 bg-gray-50 p-5">
          <p className="text-sm font-semibold tracking-wide text-gray-900 uppercase">Contents</p>
          <ol className="mt-3 list-decimal space-y-1.5 pl-5 text-sm text-gray-700 marker:text-gray-400">
            {sections.map((section) => (
              <li key={section.id} className="pl-1">
                <a href={`#${section.id}`} className={tocLinkClass}>
                  {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}

      <div className="mt-10 space-y-10">
        {sections.map((section) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className="scroll-mt-24">
            <h2 id={`${section.id}-heading`} className="text-xl font-semibold tracking-tight text-gray-900 sm:text-2xl">
              {section.heading}
            </h2>
            <div className={`mt-4 ${proseClass}`}>{section.body}</div>
          </section>
        ))}
      </div>
    </article>
  );
}
