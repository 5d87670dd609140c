import { buttonClassName } from '@gvm/ui/button';
import { usePageMeta } from '@gvm/web-lib/page-meta';
import { ArrowLeftRight, BadgeCheck, CircleAlert, LogIn, MousePointerClick, Store, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { InfoHero, InfoSection } from '../components/info-hero';

const steps = [
  {
    title: 'Sign in to your account',
    icon: LogIn,
    text: 'Log in with the email address your voucher belongs to. New to UGM? Create an account first: any gift sent to your address will be waiting for you.',
  },
  {
    title: 'Open your wallet',
    icon: Wallet,
    text: 'Go to Wallet and choose the My Vouchers tab to see your active vouchers. A gift you have only just received can also be exchanged from the Redeem page with Exchange Gift.',
  },
  {
    title: 'Choose the voucher to swap',
    icon: MousePointerClick,
    text: 'Find the voucher you would like to change and select Exchange. Do this before you activate it: activated vouchers cannot be exchanged.',
  },
  {
    title: 'Pick a new merchant',
    icon: Store,
    text: 'We list every partner whose vouchers come in the same value and currency as yours, each marked with the amount you will receive, for example “Exchange for £25”.',
  },
  {
    title: 'Confirm the exchange',
    icon: ArrowLeftRight,
    text: 'Check the merchant and the value in the confirmation window, then confirm. Take a moment before you do, because an exchange cannot be undone.',
  },
  {
    title: 'Find it in your wallet',
    icon: BadgeCheck,
    text: 'Your original voucher is deactivated and the new one appears in My Vouchers straight away, ready to activate whenever you want to spend it.',
  },
];

const highlights = [
  {
    title: 'Equal value, same currency',
    text: 'A voucher is exchanged only for another voucher of exactly the same value and currency, so a £50 voucher in pounds sterling becomes another £50 voucher in pounds sterling.',
  },
  {
    title: 'Exchanges cannot be undone',
    text: 'Once you confirm, the exchange is final and you cannot switch back to the original voucher.',
  },
  {
    title: 'The original voucher is deactivated',
    text: 'As soon as the exchange completes, the voucher you gave up stops working and cannot be spent.',
  },
  {
    title: 'The new voucher appears in your wallet',
    text: 'You will find it under My Vouchers, with the new merchant’s name and the same value.',
  },
  {
    title: 'Only unactivated vouchers',
    text: 'Activating a voucher reveals its redemption details, after which it stays with its merchant and cannot be exchanged.',
  },
  {
    title: 'Prefer to decide later?',
    text: 'Instead of exchanging, you can convert a voucher into UGM Credit and spend it on any voucher in the marketplace.',
  },
];

export function ExchangeGuidePage() {
  usePageMeta(
    'How to Exchange Your Voucher',
    'Swap a UGM gift voucher for another partner merchant’s voucher of equal value and currency in six steps, and read the exchange policy.',
  );

  return (
    <>
      <InfoHero crumb="How to Exchange Voucher" eyebrow="Exchange guide" title="How to Exchange Your Voucher">
        <p>
          Received a voucher for a shop you never visit? Swap it for a voucher from another partner merchant of the same
          value and currency, in a few clicks from your wallet.
        </p>
      </InfoHero>

      <InfoSection id="steps" title="Exchange in six steps">
        <ol className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {steps.map(({ title, icon: Icon, text }, index) => (
            <li key={title} className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm">
              <div className="flex items-center gap-3">
                <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
                  <Icon aria-hidden="true" className="h-5 w-5" />
                </span>
                <span aria-hidden="true" className="text-sm font-semibold text-brand-700">
                  Step {index + 1}
                </span>
              </div>
              <h3 className="mt-4 text-lg font-semibold text-gray-900">
                <span className="sr-only">Step {index + 1}: </span>
                {title}
              </h3>
              <p className="mt-2 text-sm leading-6 text-gray-600">{text}</p>
            </li>
          ))}
        </ol>
        <div className="mt-8">
          <Link to={paths.wallet} className={buttonClassName('primary', 'lg')}>
            Go to My Wallet
          </Link>
        </div>
      </InfoSection>

      <InfoSection id="policy" title="Exchange policy highlights" muted>
        <ul className="grid gap-x-10 gap-y-6 md:grid-cols-2">
          {highlights.map(({ title, text }) => (
            <li key={title} className="flex gap-4">
              <CircleAlert aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" />
              <div>
                <h3 className="font-semibold text-gray-900">{title}</h3>
                <p className="mt-1 text-sm leading-6 text-gray-600">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </InfoSection>

      <section aria-labelledby="help-heading" className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
        <div className="flex flex-col items-start gap-6 rounded-2xl bg-gray-900 p-8 text-white sm:flex-row sm:items-center sm:justify-between sm:p-10">
          <div>
            <h2 id="help-heading" className="text-2xl font-bold tracking-tight">
              Need a hand with an exchange?
            </h2>
            <p className="mt-2 max-w-xl text-gray-300">
              If a voucher is missing from your wallet or something does not look right, our support team will help.
            </p>
          </div>
          <Link to={paths.contact} className={buttonClassName('primary', 'lg', 'shrink-0')}>
            Contact Support
          </Link>
        </div>
      </section>
    </>
  );
}
