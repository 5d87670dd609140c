import { Button } from '@gvm/ui/button';
import { Input } from '@gvm/ui/input';
import { clsx } from 'clsx';
import { type ComponentType, type RefObject, useEffect, useId, useRef, useState } from 'react';
import type { NewsletterDraft, NewsletterFormProps } from './newsletter-form';

type LoadedForm = ComponentType<NewsletterFormProps & { takeOver?: () => NewsletterDraft | undefined }>;

/**
 * The footer's newsletter sign-up, whose code loads when the form is first pointed at, touched or
 * focused, not with every page (decision 023; not when it scrolls into view: on a short page such
 * as an empty cart the footer is in view from the start). Until then the same form is drawn (name,
 * label, field, button), so it reads and can be used the same. It gives way to the real form
 * when the shopper leaves it or submits, never under their fingers: what was typed carries over,
 * focus stays in the field, and the submit is sent by the real form.
 */
export function DeferredNewsletterForm(props: NewsletterFormProps) {
  const [wanted, setWanted] = useState(false);
  // Not React.lazy: a Suspense fallback would be a new placeholder, losing what was typed and focus.
  const [Form, setForm] = useState<LoadedForm | null>(null);
  const placeholder = useRef<HTMLFormElement>(null);
  const submitRequested = useRef(false);
  // While the shopper is in the placeholder, it stays until they leave it or submit: replacing a
  // focused field under someone typing could lose a key.
  const [inUse, setInUse] = useState(false);
  const [submitted, setSubmitted] = useState(false);

  useEffect(() => {
    if (!wanted) return;
    let live = true;
    void import('./newsletter-form').then((module) => {
      if (live) setForm(() => module.NewsletterForm);
    });
    return () => {
      live = false;
    };
  }, [wanted]);

  // Read by the real form's first render, while the placeholder is still on the page.
  const draft = (): NewsletterDraft | undefined => {
    const field = placeholder.current?.elements.namedItem('email');
    if (!(field instanceof HTMLInputElement)) return undefined;
    return { email: field.value, focused: document.activeElement === field, submit: submitRequested.current };
  };

  const want = () => setWanted(true);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: only starts loading the form; the form inside is the control
    <div
      onFocus={() => {
        setWanted(true);
        setInUse(true);
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setInUse(false);
      }}
      onPointerEnter={want}
      onTouchStart={want}
    >
      {Form && (!inUse || submitted) ? (
        <Form {...props} takeOver={draft} />
      ) : (
        <NewsletterFormPlaceholder
          {...props}
          formRef={placeholder}
          onSubmit={() => {
            submitRequested.current = true;
            setSubmitted(true);
            setWanted(true);
          }}
        />
      )}
    </div>
  );
}

/** The form as `NewsletterForm` draws it when idle, without its code. */
function NewsletterFormPlaceholder({
  className,
  formRef,
  onSubmit,
}: NewsletterFormProps & { formRef: RefObject<HTMLFormElement | null>; onSubmit(): void }) {
  const id = useId();
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      aria-label="Newsletter sign-up"
      className={clsx('w-full max-w-md', className)}
    >
      <label htmlFor={`${id}-email`} className="sr-only">
        Email address
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={`${id}-email`}
          name="email"
          type="email"
          required
          autoComplete="email"
          placeholder="Enter your email"
          aria-describedby={`${id}-outcome`}
          className="sm:flex-1"
        />
        <Button type="submit" className="shrink-0">
          Subscribe
        </Button>
      </div>
      <div id={`${id}-outcome`} className="mt-2 text-sm">
        <p role="status" />
        <p role="alert" />
      </div>
    </form>
  );
}
