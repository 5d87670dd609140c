import { Gift } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { DeferredNewsletterForm } from '@/features/outreach';
import { company } from '@/lib/company';

interface FooterLink {
  label: string;
  to: string;
}

/** docs/product/README.md#page-shell: every link with its exact label, grouped for reading. */
const linkGroups: { heading: string; links: FooterLink[] }[] = [
  {
    heading: 'Shop',
    links: [
      { label: 'Shop All', to: paths.home },
      { label: 'How to Redeem Voucher', to: paths.redeem },
      { label: 'How to Exchange Voucher', to: paths.exchange },
    ],
  },
  {
    heading: 'Company',
    links: [
      { label: 'About Us', to: paths.about },
      { label: 'Business Partnership', to: paths.partners },
      { label: 'Contact', to: paths.contact },
      { label: 'Log in', to: paths.login },
    ],
  },
  {
    heading: 'Legal',
    links: [
      { label: 'Terms & Conditions', to: paths.terms },
      { label: 'Privacy Policy', to: paths.privacy },
      { label: 'AML Policy', to: paths.amlPolicy },
      { label: 'Refund Policy', to: paths.refundPolicy },
    ],
  },
];

const { address } = company;

/** The page shell's footer: links, newsletter sign-up, the company's legal block and copyright. */
export default function Footer() {
  return (
    <footer className="mt-16 border-t border-gray-100 bg-gray-50 text-sm text-gray-600">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-12 lg:px-8">
        <section aria-labelledby="newsletter-heading" className="lg:col-span-5">
          <Link to={paths.home} className="inline-flex items-center gap-2" aria-label={`${company.brand} home`}>
            <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-brand-600 text-white">
              <Gift className="h-4 w-4" aria-hidden="true" />
            </span>
            <span className="text-lg font-extrabold tracking-tight text-gray-900">{company.brand}</span>
          </Link>
          <h2 id="newsletter-heading" className="mt-6 text-base font-semibold text-gray-900">
            Get updates on new retail partnerships
          </h2>
          <p className="mt-1 text-gray-500">Be the first to know when new brands join the marketplace.</p>
          <div className="mt-4 max-w-md">
            <DeferredNewsletterForm />
          </div>
        </section>

        <nav aria-label="Footer" className="grid grid-cols-2 gap-8 sm:grid-cols-3 lg:col-span-7">
          {linkGroups.map((group) => (
            <div key={group.heading}>
              <h2 className="text-xs font-semibold tracking-wider text-gray-900 uppercase">{group.heading}</h2>
              <ul className="mt-4 space-y-3">
                {group.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className="transition-colors hover:text-brand-700">
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>

      <div className="border-t border-gray-200">
        <div className="mx-auto max-w-7xl space-y-4 px-4 py-8 text-xs leading-relaxed text-gray-500 sm:px-6 lg:px-8">
          <p>
            {company.brand} is operated by {company.legalName}, a company registered in {company.registeredIn} (company
            number {company.companyNumber}). Registered office: {address.line1}, {address.city} {address.postcode},{' '}
            {address.country}.
          </p>
          <p>
            {company.legalName} is not a bank and holds no customer funds. Banking services and real-time transaction
            and identity monitoring are provided by licensed third parties.
          </p>
          <p className="text-gray-500">
            © {new Date().getFullYear()} {company.legalName}. All rights reserved.
          </p>
        </div>
      </div>
    </footer>
  );
}
