import { Menu } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';

const loadSheet = () => import('./side-menu-sheet');
const SideMenuSheet = lazy(loadSheet);

/**
 * The header's left-hand menu button and the side menu it opens (docs/product/README.md#page-shell).
 * The sheet's code (a Radix dialog: focus trap, scroll lock) is fetched when the pointer or the
 * keyboard first reaches the button, not with the page (decision 023).
 */
export function SideMenu() {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        data-state={open ? 'open' : 'closed'}
        onPointerEnter={() => void loadSheet()}
        onFocus={() => void loadSheet()}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
        className="-ml-2 rounded-lg p-2 text-gray-700 transition-colors hover:bg-gray-100 hover:text-gray-900"
      >
        <Menu className="h-6 w-6" aria-hidden="true" />
      </button>
      {mounted ? (
        <Suspense fallback={null}>
          <SideMenuSheet open={open} onOpenChange={setOpen} trigger={button} />
        </Suspense>
      ) : null}
    </>
  );
}
