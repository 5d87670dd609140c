import { Gift, Heart, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { company } from '@/lib/company';

/**
 * The frame of the sign-in and sign-up pages (docs/product/accounts.md#routes-and-rules): the form on the left, a
 * decorative artwork on medium and larger screens only, and the 2025 copyright line.
 */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto grid min-h-[calc(100vh-4rem)] max-w-6xl md:grid-cols-2">
      <div className="flex flex-col px-6 py-10 sm:px-10">
        <div className="mx-auto flex w-full max-w-sm flex-1 flex-col justify-center">
          <h1 className="text-3xl font-bold tracking-tight text-gray-900">{title}</h1>
          <p className="mt-2 text-gray-600">{subtitle}</p>
          <div className="mt-8">{children}</div>
        </div>
        <p className="mt-10 text-center text-xs text-gray-500">© 2025 {company.brand}. All rights reserved.</p>
      </div>
      <AuthArtwork />
    </div>
  );
}

/** Purely decorative: hidden from assistive technology and from small screens. */
function AuthArtwork() {
  return (
    <div aria-hidden="true" className="relative hidden overflow-hidden md:block">
      <div className="absolute inset-6 rounded-3xl bg-gradient-to-br from-brand-500 via-brand-600 to-brand-700" />
      <div className="absolute inset-6 flex flex-col items-center justify-center gap-8 text-white">
        <div className="relative">
          <div className="flex h-44 w-72 rotate-[-6deg] flex-col justify-between rounded-2xl bg-white/15 p-5 shadow-2xl ring-1 ring-white/30 backdrop-blur">
            <Gift className="h-8 w-8" />
            <div className="space-y-2">
              <div className="h-2.5 w-32 rounded-full bg-white/70" />
              <div className="h-2.5 w-20 rounded-full bg-white/40" />
            </div>
          </div>
          <div className="absolute -right-10 -bottom-8 flex h-28 w-44 rotate-[8deg] items-center justify-center rounded-2xl bg-white text-brand-600 shadow-2xl">
            <Heart className="h-10 w-10 fill-current" />
          </div>
          <Sparkles className="absolute -top-8 -left-8 h-10 w-10 text-white/80" />
        </div>
        <p className="max-w-xs text-center text-lg font-medium text-white/90">
          Gift vouchers that never expire and keep their full value.
        </p>
      </div>
    </div>
  );
}
