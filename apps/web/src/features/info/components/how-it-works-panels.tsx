import { buttonClassName } from '@gvm/ui/button';
import { clsx } from 'clsx';
import { ArrowLeftRight, Copy, Gift, KeyRound, MousePointerClick, PartyPopper } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

const panels = {
  redeem: {
    title: 'HOW TO REDEEM?',
    steps: [
      {
        icon: Copy,
        title: 'Copy your code',
        text: 'Open the gift email and copy the voucher link, or note the sender’s email address.',
      },
      {
        icon: KeyRound,
        title: 'Enter and redeem',
        text: 'Go to Redeem Gift, paste the link or find the gift by the sender’s email, and select Redeem Gift.',
      },
      {
        icon: PartyPopper,
        title: 'Enjoy',
        text: 'The voucher lands in your wallet. Activate it when you are ready to spend it with the merchant.',
      },
    ],
    note: 'New to UGM? You need to create an account before you can redeem a voucher.',
    signUp: true,
    action: { to: paths.redeem, label: 'Redeem Gift' },
  },
  exchange: {
    title: 'HOW TO EXCHANGE?',
    steps: [
      {
        icon: Copy,
        title: 'Copy your code',
        text: 'Copy the voucher link from your gift email, or open the voucher in your wallet.',
      },
      {
        icon: MousePointerClick,
        title: 'Click Exchange',
        text: 'On the Redeem page or in My Vouchers, select Exchange to see vouchers of the same value and currency.',
      },
      {
        icon: Gift,
        title: 'Swap and enjoy',
        text: 'Pick the merchant you prefer and confirm. Your new voucher appears in your wallet straight away.',
      },
    ],
    note: 'Exchanges are for equal value and currency, and cannot be undone.',
    signUp: false,
    action: { to: paths.exchange, label: 'Read the Exchange Guide' },
  },
} as const;

type PanelName = keyof typeof panels;

/**
 * The home page's explainer (docs/product/information-pages.md#exchange-guide): two panels, 'HOW TO REDEEM?' and
 * 'HOW TO EXCHANGE?', and a control that swaps one for the other. The control names the panel it
 * shows next; focus stays on it while the new heading is announced by the live region.
 */
export function HowItWorksPanels({ className }: { className?: string }) {
  const id = useId();
  const [shown, setShown] = useState<PanelName>('redeem');
  const panel = panels[shown];
  const other: PanelName = shown === 'redeem' ? 'exchange' : 'redeem';

  return (
    <section
      aria-labelledby={`${id}-title`}
      className={clsx('overflow-hidden rounded-3xl bg-gray-900 text-white', className)}
    >
      <div className="px-6 py-8 sm:px-10 sm:py-10">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <div aria-live="polite">
            <p className="text-xs font-semibold tracking-widest text-brand-100 uppercase">Gift vouchers made simple</p>
            <h2 id={`${id}-title`} className="mt-1 text-2xl font-extrabold tracking-tight sm:text-3xl">
              {panel.title}
            </h2>
          </div>
          <button
            type="button"
            onClick={() => setShown(other)}
            className="group inline-flex items-center gap-2 rounded-full border border-white/25 bg-white/10 py-2 pr-4 pl-2 text-sm font-semibold text-white transition-colors hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            <span className="inline-flex h-8 w-8 items-center justify-center rounded-full bg-brand-600 transition-transform group-hover:rotate-180">
              <ArrowLeftRight aria-hidden="true" className="h-4 w-4" />
            </span>
            <span className="sr-only">Show </span>
            {panels[other].title}
          </button>
        </div>

        <ol key={shown} className="mt-8 grid gap-4 md:grid-cols-3">
          {panel.steps.map(({ icon: Icon, title, text }, index) => (
            <li key={title} className="rounded-2xl bg-white/5 p-5 ring-1 ring-white/10">
              <div className="flex items-center gap-3">
                <span className="inline-flex h-10 w-10 items-center justify-center rounded-xl bg-brand-600">
                  <Icon aria-hidden="true" className="h-5 w-5" />
                </span>
                <span className="text-sm font-semibold text-gray-300">Step {index + 1}</span>
              </div>
              <h3 className="mt-4 text-lg font-semibold">{title}</h3>
              <p className="mt-1.5 text-sm leading-6 text-gray-300">{text}</p>
            </li>
          ))}
        </ol>

        <div className="mt-8 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-gray-300">
            {panel.note}{' '}
            {panel.signUp ? (
              <Link to={paths.signup} className="font-semibold text-white underline underline-offset-2">
                Create an account
              </Link>
            ) : null}
          </p>
          <Link to={panel.action.to} className={buttonClassName('primary', 'md', 'shrink-0')}>
            {panel.action.label}
          </Link>
        </div>
      </div>
    </section>
  );
}
