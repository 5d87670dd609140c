import { usePageMeta } from '@gvm/web-lib/page-meta';
import { Clock, Handshake, Mail, MapPin, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { ContactForm } from '@/features/outreach';
import { company, supportHours } from '@/lib/company';
import { InfoHero } from '../components/info-hero';
import { SocialLinks } from '../components/social-links';

const linkClass = 'font-medium text-brand-700 underline-offset-2 hover:underline';

export function ContactPage() {
  usePageMeta(
    'Contact Us',
    'Contact UGM Gift Marketplace support by email, phone or message. Support hours (GMT): Monday to Friday 9:00 AM to 5:00 PM, Saturday 10:00 AM to 4:00 PM.',
  );
  const { address } = company;

  return (
    <>
      <InfoHero crumb="Contact" title="Contact Us">
        <p>
          Questions about an order, a voucher or your account? We are here to help. Send us a message and we will reply
          by email within one business day.
        </p>
      </InfoHero>

      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-5 lg:px-8">
        <div className="space-y-8 lg:col-span-2">
          <section aria-labelledby="details-heading">
            <h2 id="details-heading" className="text-xl font-bold text-gray-900">
              Get in touch
            </h2>
            <ul className="mt-5 space-y-5 text-sm leading-6 text-gray-700">
              <Detail icon={<Mail className="h-5 w-5" />} label="Customer support">
                <a href={`mailto:${company.supportEmail}`} className={linkClass}>
                  {company.supportEmail}
                </a>
              </Detail>
              <Detail icon={<Phone className="h-5 w-5" />} label="Phone">
                <a href={`tel:${company.phone.replaceAll(' ', '')}`} className={linkClass}>
                  {company.phone}
                </a>
              </Detail>
              <Detail icon={<Handshake className="h-5 w-5" />} label="Partnerships">
                <a href={`mailto:${company.partnersEmail}`} className={linkClass}>
                  {company.partnersEmail}
                </a>
              </Detail>
              <Detail icon={<MapPin className="h-5 w-5" />} label="Registered office">
                <address className="not-italic">
                  {company.legalName}
                  <br />
                  {address.line1}
                  <br />
                  {address.city} {address.postcode}
                  <br />
                  {address.country}
                </address>
              </Detail>
            </ul>
          </section>

          <section aria-labelledby="hours-heading" className="rounded-2xl bg-gray-50 p-6">
            <h2 id="hours-heading" className="flex items-center gap-2 text-xl font-bold text-gray-900">
              <Clock aria-hidden="true" className="h-5 w-5 text-brand-600" />
              Support hours (GMT)
            </h2>
            <dl className="mt-4 divide-y divide-gray-200 text-sm">
              {supportHours.map(({ days, hours }) => (
                <div key={days} className="flex justify-between gap-4 py-2.5">
                  <dt className="text-gray-600">{days}</dt>
                  <dd className="font-medium text-gray-900">{hours}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-3 text-xs leading-5 text-gray-500">
              Messages sent outside these hours are answered as soon as we next open.
            </p>
          </section>

          <section aria-labelledby="social-heading">
            <h2 id="social-heading" className="text-xl font-bold text-gray-900">
              Follow us
            </h2>
            <p className="mt-2 text-sm text-gray-600">New partners, gift ideas and offers, as they happen.</p>
            <div className="mt-4">
              <SocialLinks />
            </div>
          </section>
        </div>

        <section
          aria-labelledby="message-heading"
          className="self-start rounded-2xl border border-gray-200 p-6 shadow-sm sm:p-8 lg:col-span-3"
        >
          <h2 id="message-heading" className="text-xl font-bold text-gray-900">
            Send us a message
          </h2>
          <p className="mt-2 mb-6 text-sm text-gray-600">
            Choose the subject that fits best so your message reaches the right team.
          </p>
          <ContactForm />
        </section>
      </div>
    </>
  );
}

function Detail({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <span
        aria-hidden="true"
        className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600"
      >
        {icon}
      </span>
      <div>
        <p className="font-semibold text-gray-900">{label}</p>
        {children}
      </div>
    </li>
  );
}
