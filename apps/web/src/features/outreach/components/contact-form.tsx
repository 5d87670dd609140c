import {
  outreachLimits,
  type SupportRequest,
  supportRequestSchema,
  supportSubjectNames,
  supportSubjects,
} from '@gvm/contract';
import { Button } from '@gvm/ui/button';
import { Field } from '@gvm/ui/field';
import { Input, Textarea } from '@gvm/ui/input';
import { Select } from '@gvm/ui/select';
import { Spinner } from '@gvm/ui/spinner';
import { useSendSupportMessage } from '../api/send-support-message';
import { useOutreachForm } from '../hooks/use-outreach-form';
import { FormOutcomeMessage } from './form-parts';

const emptyMessage: Required<SupportRequest> = { name: '', email: '', subject: 'support', message: '' };

/** The contact page's message form (docs/product/information-pages.md#outreach-forms): subject defaults to support. */
export function ContactForm() {
  const form = useOutreachForm({
    initialValues: emptyMessage,
    schema: supportRequestSchema,
    mutation: useSendSupportMessage(),
  });

  return (
    <form ref={form.formRef} noValidate onSubmit={form.onSubmit} aria-label="Send us a message" className="space-y-5">
      <p className="text-sm text-gray-500">
        Fields marked <span className="text-brand-600">*</span> are required.
      </p>
      <fieldset disabled={form.submitting} className="space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <Field {...form.field('name')} label="Your name" required labelClassName="block">
            {(control) => (
              <Input
                {...control}
                {...form.control('name')}
                autoComplete="name"
                required
                maxLength={outreachLimits.name}
              />
            )}
          </Field>
          <Field {...form.field('email')} label="Email address" required labelClassName="block">
            {(control) => (
              <Input
                {...control}
                {...form.control('email')}
                type="email"
                autoComplete="email"
                required
                maxLength={outreachLimits.email}
              />
            )}
          </Field>
        </div>
        <Field {...form.field('subject')} label="Subject" labelClassName="block">
          {(control) => (
            <Select {...control} {...form.control('subject')} className="text-gray-900">
              {supportSubjects.map((subject) => (
                <option key={subject} value={subject}>
                  {supportSubjectNames[subject]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field {...form.field('message')} label="Message" required labelClassName="block">
          {(control) => (
            <Textarea
              {...control}
              {...form.control('message')}
              required
              rows={6}
              maxLength={outreachLimits.message}
              placeholder="Tell us how we can help. If it is about an order, include the email address you bought it with."
            />
          )}
        </Field>
      </fieldset>
      <FormOutcomeMessage outcome={form.outcome} id={form.outcomeId} ref={form.outcomeRef} />
      <Button type="submit" size="lg" disabled={form.submitting} className="w-full sm:w-auto">
        {form.submitting ? <Spinner /> : null}
        {form.submitting ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}
