import { buttonClassName } from '@gvm/ui/button';
import { usePageMeta } from '@gvm/web-lib/page-meta';
import { Gift, Heart, Infinity as InfinityIcon, Repeat, Sparkles, Ticket } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { company } from '@/lib/company';
import { InfoHero, InfoSection } from '../components/info-hero';

const beliefs = [
  {
    name: 'Effortless',
    icon: Sparkles,
    text: 'Choosing and sending a gift should take minutes, not an afternoon. Pick a merchant, choose a value, add a message and we deliver it by email: no queues, no postage, no plastic.',
  },
  {
    name: 'Meaningful',
    icon: Heart,
    text: 'A gift says something about the person who sends it. Every voucher can carry your own message, and arrives in the recipient’s inbox ready to open the moment you send it.',
  },
  {
    name: 'Flexible',
    icon: Repeat,
    text: 'Tastes differ. Recipients can redeem their voucher, keep it for later, exchange it for another merchant’s voucher of equal value, or convert it into UGM Credit.',
  },
  {
    name: 'Value-Preserving',
    icon: InfinityIcon,
    text: 'Our vouchers never expire and keep their full value. No dormancy fees and no shrinking balances: what you give is exactly what they get.',
  },
];

const forGivers = [
  'Partner retailers, restaurants and experiences across the UK, searchable by name and by category.',
  'Send a voucher to anyone with an email address, with a personal message of your own.',
  'Pay securely by card, then follow every gift in your wallet and see when it has been confirmed.',
];

const forRecipients = [
  'Claim your gift with the link in your email, or with the sender’s email address on the Redeem page.',
  'Keep it safely in your wallet until you are ready to spend it. It never expires.',
  'Not quite your thing? Exchange it for another merchant’s voucher of the same value, or convert it into UGM Credit.',
];

export function AboutPage() {
  usePageMeta(
    'About Us',
    'UGM Gift Marketplace makes gifting effortless: digital vouchers from UK partner merchants that never expire, keep their full value and can be exchanged.',
  );

  return (
    <>
      <InfoHero crumb="About Us" eyebrow="About Us" title="Gifts that always fit">
        <p>
          {company.brand} brings the UK’s favourite shops, restaurants and experiences together in one place, so you can
          choose, send and receive digital gift vouchers in minutes.
        </p>
      </InfoHero>

      <InfoSection id="mission" title="Our mission">
        <div className="grid gap-8 text-base leading-7 text-gray-700 lg:grid-cols-2">
          <p>
            We started {company.shortBrand} because too many gift cards end up forgotten in a drawer: bought for the
            wrong shop, lost, or expired before anyone got round to using them. Our mission is to make every gift feel
            personal and to make sure every pound you give is a pound they can spend.
          </p>
          <p>
            That is why vouchers bought on {company.brand} <strong>never expire and keep their full value</strong>, and
            why the person who receives one stays in control: they can redeem it, save it, or swap it for something they
            will love.
          </p>
        </div>
      </InfoSection>

      <InfoSection
        id="beliefs"
        title="What we believe"
        intro="Four principles shape every part of the marketplace."
        muted
      >
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {beliefs.map(({ name, icon: Icon, text }) => (
            <li key={name} className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm">
              <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
                <Icon aria-hidden="true" className="h-5 w-5" />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-gray-900">{name}</h3>
              <p className="mt-2 text-sm leading-6 text-gray-600">{text}</p>
            </li>
          ))}
        </ul>
      </InfoSection>

      <section aria-label="Who UGM is for" className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
        <div className="grid gap-6 lg:grid-cols-2">
          <AudienceBlock
            title="For Gift Givers"
            icon={<Gift aria-hidden="true" className="h-6 w-6" />}
            points={forGivers}
            action={
              <Link to={paths.home} className={buttonClassName('primary', 'lg')}>
                Start Shopping
              </Link>
            }
          />
          <AudienceBlock
            title="For Recipients"
            icon={<Ticket aria-hidden="true" className="h-6 w-6" />}
            points={forRecipients}
            action={
              <Link to={paths.redeem} className={buttonClassName('outline', 'lg')}>
                Redeem a Gift
              </Link>
            }
          />
        </div>
      </section>

      <section aria-labelledby="partner-heading" className="mx-auto max-w-7xl px-4 pb-4 sm:px-6 lg:px-8">
        <div className="flex flex-col items-start gap-6 rounded-2xl bg-gray-900 p-8 text-white sm:flex-row sm:items-center sm:justify-between sm:p-10">
          <div>
            <h2 id="partner-heading" className="text-2xl font-bold tracking-tight">
              Run a shop, restaurant or experience?
            </h2>
            <p className="mt-2 max-w-xl text-gray-300">
              Join our partner merchants and reach people choosing gifts across the UK every day.
            </p>
          </div>
          <Link to={paths.partners} className={buttonClassName('primary', 'lg', 'shrink-0')}>
            Become a Partner
          </Link>
        </div>
      </section>
    </>
  );
}

function AudienceBlock({
  title,
  icon,
  points,
  action,
}: {
  title: string;
  icon: ReactNode;
  points: string[];
  action: ReactNode;
}) {
  return (
    <article className="flex flex-col rounded-2xl border border-gray-200 p-6 sm:p-8">
      <div className="flex items-center gap-3">
        <span className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-brand-600 text-white">
          {icon}
        </span>
        <h2 className="text-2xl font-bold tracking-tight text-gray-900">{title}</h2>
      </div>
      <ul className="mt-6 flex-1 space-y-3 text-base leading-7 text-gray-700">
        {points.map((point) => (
          <li key={point} className="flex gap-3">
            <span aria-hidden="true" className="mt-2.5 h-1.5 w-1.5 shrink-0 rounded-full bg-brand-500" />
            {point}
          </li>
        ))}
      </ul>
      <div className="mt-8">{action}</div>
    </article>
  );
}
