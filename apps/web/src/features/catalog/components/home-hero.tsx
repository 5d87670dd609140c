import { Gift, Mail, Infinity as NeverExpires, Repeat } from 'lucide-react';

const promises = [
  { icon: Mail, text: 'Sent instantly by e-mail' },
  { icon: NeverExpires, text: 'Never expires, keeps full value' },
  { icon: Repeat, text: 'Exchange for another brand' },
];

/** The home page's top section: the page heading and what makes the vouchers worth buying. */
export function HomeHero({ heading }: { heading: string }) {
  return (
    <div className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-brand-50 via-white to-brand-100/70 px-5 py-6 sm:px-10 sm:py-10">
      <Gift
        className="pointer-events-none absolute -top-6 -right-6 h-32 w-32 rotate-12 text-brand-100 sm:h-52 sm:w-52"
        aria-hidden="true"
      />
      <div className="relative">
        <p className="text-xs font-semibold tracking-widest text-brand-600 uppercase">Digital gift cards</p>
        <h1 className="mt-2 text-3xl font-black tracking-tight text-gray-900 sm:text-5xl">{heading}</h1>
        <p className="mt-3 max-w-xl text-sm text-gray-600 sm:text-base">
          Gift cards from the UK's favourite shops, restaurants and experiences, for you or for someone special.
        </p>
        <ul className="mt-6 hidden flex-wrap gap-2 sm:flex">
          {promises.map(({ icon: Icon, text }) => (
            <li
              key={text}
              className="inline-flex items-center gap-1.5 rounded-full bg-white/80 px-3 py-1.5 text-xs font-medium text-gray-700 shadow-sm ring-1 ring-gray-100"
            >
              <Icon className="h-3.5 w-3.5 text-brand-600" aria-hidden="true" />
              {text}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
