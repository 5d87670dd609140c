import { buttonClassName } from '@gvm/ui/button';
import { usePageMeta } from '@gvm/web-lib/page-meta';
import { Handshake, Mail, Rocket, Send, ShieldCheck, Users } from 'lucide-react';
import { PartnershipForm } from '@/features/outreach';
import { company } from '@/lib/company';
import { InfoHero, InfoSection } from '../components/info-hero';

const benefits = [
  {
    title: 'Customers who come to spend',
    icon: Users,
    text: 'Reach gift givers across the UK looking for the right present, and recipients who pick your brand when they exchange a voucher from another merchant.',
  },
  {
    title: 'Fully digital',
    icon: Send,
    text: 'Vouchers are delivered by email and kept in the recipient’s wallet. There are no cards to print, stock, post or replace.',
  },
  {
    title: 'Secure by design',
    icon: ShieldCheck,
    text: 'Voucher codes are encrypted and revealed only to their owner when they activate the voucher, which keeps fraud and misuse to a minimum.',
  },
  {
    title: 'A team on your side',
    icon: Handshake,
    text: 'A named partnerships manager helps you set up your voucher range and is there for you once you are live.',
  },
];

const steps = [
  {
    title: 'Apply',
    text: 'Tell us about your business with the form below. It takes about five minutes.',
  },
  {
    title: 'Onboard',
    text: 'Our partnerships team reviews your application and contacts you within three business days to agree your voucher values, brand assets and how vouchers are redeemed.',
  },
  {
    title: 'Grow',
    text: 'Your vouchers go live in the marketplace, ready to be bought, gifted and exchanged into by shoppers across the UK.',
  },
];

export function PartnersPage() {
  usePageMeta(
    'Business Partnership',
    'Sell digital gift vouchers through UGM Gift Marketplace. See the benefits, how partnership works, and apply in five minutes.',
  );

  return (
    <>
      <InfoHero crumb="Business Partnership" eyebrow="Business Partnership" title="Partner with UGM Gift Marketplace">
        <p>
          Put your brand in front of people choosing gifts every day. Sell digital gift vouchers through our marketplace
          and welcome new customers who arrive with money to spend.
        </p>
        <a href="#apply" className={buttonClassName('primary', 'lg', 'mt-8')}>
          Apply Now
        </a>
      </InfoHero>

      <InfoSection id="benefits" title="Why partner with us">
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {benefits.map(({ title, icon: Icon, text }) => (
            <li key={title} className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm">
              <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
                <Icon aria-hidden="true" className="h-5 w-5" />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-gray-900">{title}</h3>
              <p className="mt-2 text-sm leading-6 text-gray-600">{text}</p>
            </li>
          ))}
        </ul>
      </InfoSection>

      <InfoSection id="how-it-works" title="How it works" intro="From application to launch in three steps." muted>
        <ol className="grid gap-8 md:grid-cols-3">
          {steps.map(({ title, text }, index) => (
            <li key={title} className="flex gap-4 md:flex-col">
              <span
                aria-hidden="true"
                className="inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-brand-600 text-lg font-bold text-white"
              >
                {index + 1}
              </span>
              <div>
                <h3 className="text-xl font-semibold text-gray-900">
                  <span className="sr-only">Step {index + 1}: </span>
                  {title}
                </h3>
                <p className="mt-2 text-base leading-7 text-gray-600">{text}</p>
              </div>
            </li>
          ))}
        </ol>
      </InfoSection>

      <InfoSection id="apply" title="Apply to become a partner">
        <div className="grid gap-10 lg:grid-cols-3">
          <div className="rounded-2xl border border-gray-200 p-6 shadow-sm sm:p-8 lg:col-span-2">
            <PartnershipForm />
          </div>
          <aside aria-labelledby="partner-questions-heading" className="space-y-4 text-sm leading-6 text-gray-600">
            <div className="rounded-2xl bg-brand-50 p-6">
              <Rocket aria-hidden="true" className="h-6 w-6 text-brand-600" />
              <h3 id="partner-questions-heading" className="mt-3 text-base font-semibold text-gray-900">
                Questions before you apply?
              </h3>
              <p className="mt-2">
                Our partnerships team is happy to talk through how {company.brand} could work for your business.
              </p>
              <a
                href={`mailto:${company.partnersEmail}`}
                className="mt-4 inline-flex items-center gap-2 font-medium text-brand-700 underline hover:text-brand-600"
              >
                <Mail aria-hidden="true" className="h-4 w-4" />
                {company.partnersEmail}
              </a>
            </div>
            <p>
              We use the details you send only to assess your application and contact you about it. We reply to every
              application within three business days.
            </p>
          </aside>
        </div>
      </InfoSection>
    </>
  );
}
