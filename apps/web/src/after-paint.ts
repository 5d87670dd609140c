/**
 * The home page's loader (decision 035). The server draws `/` whole (its shell, the top sellers'
 * first pictures), so the app's code is not needed for the first paint and should not share a
 * phone's first round trips with the font and those pictures: the server names the entry and the
 * page's chunks in `#after-paint` instead of linking them, and this module (its own build entry,
 * under a kilobyte) adds them once the browser has painted the page.
 *
 * Until the app has drawn its own page, the shell's controls do nothing by themselves: what the
 * shopper types into a named input, where the focus is and the last named button pressed are kept
 * and handed to the app's own controls of the same names once React has replaced the shell.
 */
interface AfterPaint {
  entry: string;
  preload: string[];
}

function readAfterPaint(): AfterPaint | undefined {
  const block = document.getElementById('after-paint');
  if (!block?.textContent) return undefined;
  const value = JSON.parse(block.textContent) as Partial<AfterPaint>;
  if (typeof value.entry !== 'string') return undefined;
  return { entry: value.entry, preload: Array.isArray(value.preload) ? value.preload : [] };
}

function start(load: AfterPaint): void {
  for (const href of load.preload) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = load.entry;
  document.body.append(script);
}

const named = (element: Element | null) => element?.getAttribute('aria-label') ?? undefined;

/**
 * Watches the shell inside `root` until React replaces it, then carries over what was done in it:
 * each typed input's text (through an `input` event, as React hears typing), the focus and caret,
 * and the last pressed button.
 */
function carryOver(root: HTMLElement): void {
  const shell = root.firstElementChild;
  if (!shell) return;
  let focused: string | undefined;
  let pressed: string | undefined;
  const typed = new Map<string, string>();
  const focusIn = (event: Event) => {
    focused = named(event.target as Element);
  };
  const input = (event: Event) => {
    const target = event.target as HTMLInputElement;
    const label = named(target);
    if (label) typed.set(label, target.value);
  };
  const click = (event: Event) => {
    pressed = named((event.target as Element).closest('button'));
  };
  root.addEventListener('focusin', focusIn);
  root.addEventListener('input', input);
  root.addEventListener('click', click);
  const replaced = new MutationObserver(() => {
    if (shell.isConnected) return;
    replaced.disconnect();
    root.removeEventListener('focusin', focusIn);
    root.removeEventListener('input', input);
    root.removeEventListener('click', click);
    const find = <T extends Element>(selector: string, label: string) =>
      [...root.querySelectorAll<T>(selector)].find((each) => named(each) === label);
    for (const [label, text] of typed) {
      const field = find<HTMLInputElement>('input', label);
      if (!field) continue;
      // The element's own setter, past React's tracking of the value, so the event is a change.
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, text);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
    const lostFocus = document.activeElement === document.body || document.activeElement === null;
    const field = focused === undefined || !lostFocus ? undefined : find<HTMLElement>('input, button, a', focused);
    field?.focus();
    // With the caret after the text, where typing left it.
    if (field instanceof HTMLInputElement) field.setSelectionRange(field.value.length, field.value.length);
    if (pressed !== undefined) find<HTMLButtonElement>('button', pressed)?.click();
  });
  replaced.observe(root, { childList: true });
}

/**
 * Calls `then` once the browser has put the page's first contentful paint on screen (paint timing,
 * the moment Lighthouse and field data call FCP); where paint timing is missing, in a task after
 * the next frame; and at the latest after `limit` ms, so the app always starts.
 */
function afterFirstPaint(then: () => void, limit = 1500): void {
  let done = false;
  let observer: PerformanceObserver | undefined;
  const once = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    then();
  };
  setTimeout(once, limit);
  if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) once();
    });
    observer.observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(() => setTimeout(once, 0));
  }
}

const load = readAfterPaint();
const root = document.getElementById('root');
if (load && root) carryOver(root);
// A tab opened in the background paints nothing until it is shown: there the code loads at once.
if (load && document.visibilityState === 'hidden') start(load);
else if (load) afterFirstPaint(() => start(load));
