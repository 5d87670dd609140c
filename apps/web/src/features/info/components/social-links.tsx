import { Facebook, Instagram, Linkedin } from 'lucide-react';
import type { ReactNode } from 'react';
import { company } from '@/lib/company';

function XLogo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" className={className}>
      <path d="M18.244 2.25h3.308l-7.227 8.26 8.502 11.24H16.17l-5.214-6.817L4.99 21.75H1.68l7.73-8.835L1.254 2.25H8.08l4.713 6.231zm-1.161 17.52h1.833L7.084 4.126H5.117z" />
    </svg>
  );
}

const iconClass = 'h-5 w-5';
const networks: { name: string; href: string; icon: ReactNode }[] = [
  { name: 'Instagram', href: company.social.instagram, icon: <Instagram aria-hidden="true" className={iconClass} /> },
  { name: 'Facebook', href: company.social.facebook, icon: <Facebook aria-hidden="true" className={iconClass} /> },
  { name: 'X', href: company.social.x, icon: <XLogo className="h-4 w-4" /> },
  { name: 'LinkedIn', href: company.social.linkedin, icon: <Linkedin aria-hidden="true" className={iconClass} /> },
];

/** The company's social profiles; each opens in a new tab and says so to screen readers. */
export function SocialLinks() {
  return (
    <ul className="flex flex-wrap gap-3">
      {networks.map((network) => (
        <li key={network.name}>
          <a
            href={network.href}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex h-11 w-11 items-center justify-center rounded-full border border-gray-200 bg-white text-gray-700 transition-colors hover:border-brand-600 hover:text-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            {network.icon}
            <span className="sr-only">
              {company.shortBrand} on {network.name} (opens in a new tab)
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
