import {
  businessCategoryOptions,
  outreachLimits,
  type PartnershipRequest,
  partnershipRequestSchema,
} from '@gvm/contract';
import { Button } from '@gvm/ui/button';
import { Field } from '@gvm/ui/field';
import { Input, Textarea } from '@gvm/ui/input';
import { Select } from '@gvm/ui/select';
import { Spinner } from '@gvm/ui/spinner';
import { useApplyForPartnership } from '../api/apply-for-partnership';
import { useOutreachForm } from '../hooks/use-outreach-form';
import { FormOutcomeMessage } from './form-parts';

const emptyApplication: Required<PartnershipRequest> = {
  companyName: '',
  contactName: '',
  businessEmail: '',
  phoneNumber: '',
  companyWebsite: '',
  businessCategory: '',
  aboutBusiness: '',
};

/**
 * The partnership application (docs/product/information-pages.md#outreach-forms): every label is marked required, but only the
 * company name, contact name and business e-mail are enforced, so only those carry `required`.
 */
export function PartnershipForm() {
  const form = useOutreachForm({
    initialValues: emptyApplication,
    schema: partnershipRequestSchema,
    mutation: useApplyForPartnership(),
  });

  return (
    <form
      ref={form.formRef}
      noValidate
      onSubmit={form.onSubmit}
      aria-label="Partnership application"
      className="space-y-5"
    >
      <p className="text-sm text-gray-500">
        Fields marked <span className="text-brand-600">*</span> are required.
      </p>
      <fieldset disabled={form.submitting} className="grid gap-5 sm:grid-cols-2">
        <Field {...form.field('companyName')} label="Company name" required labelClassName="block">
          {(control) => (
            <Input
              {...control}
              {...form.control('companyName')}
              autoComplete="organization"
              required
              maxLength={outreachLimits.companyName}
            />
          )}
        </Field>
        <Field {...form.field('contactName')} label="Contact name" required labelClassName="block">
          {(control) => (
            <Input
              {...control}
              {...form.control('contactName')}
              autoComplete="name"
              required
              maxLength={outreachLimits.contactName}
            />
          )}
        </Field>
        <Field {...form.field('businessEmail')} label="Business email" required labelClassName="block">
          {(control) => (
            <Input
              {...control}
              {...form.control('businessEmail')}
              type="email"
              autoComplete="work email"
              required
              maxLength={outreachLimits.email}
            />
          )}
        </Field>
        <Field {...form.field('phoneNumber')} label="Phone number" required labelClassName="block">
          {(control) => (
            <Input
              {...control}
              {...form.control('phoneNumber')}
              type="tel"
              autoComplete="tel"
              maxLength={outreachLimits.phoneNumber}
            />
          )}
        </Field>
        <Field {...form.field('companyWebsite')} label="Company website" required labelClassName="block">
          {(control) => (
            <Input
              {...control}
              {...form.control('companyWebsite')}
              type="url"
              inputMode="url"
              autoComplete="url"
              placeholder="https://"
              maxLength={outreachLimits.companyWebsite}
            />
          )}
        </Field>
        <Field {...form.field('businessCategory')} label="Business category" required labelClassName="block">
          {(control) => (
            <Select {...control} {...form.control('businessCategory')} className="text-gray-900">
              <option value="">Choose a category</option>
              {businessCategoryOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          {...form.field('aboutBusiness')}
          label="Tell us about your business"
          required
          labelClassName="block"
          className="sm:col-span-2"
        >
          {(control) => (
            <Textarea
              {...control}
              {...form.control('aboutBusiness')}
              rows={5}
              maxLength={outreachLimits.aboutBusiness}
              placeholder="What you sell, where your customers can shop with you, and the voucher values you have in mind."
            />
          )}
        </Field>
      </fieldset>
      <FormOutcomeMessage outcome={form.outcome} id={form.outcomeId} ref={form.outcomeRef} />
      <Button type="submit" size="lg" disabled={form.submitting} className="w-full sm:w-auto">
        {form.submitting ? <Spinner /> : null}
        {form.submitting ? 'Submitting...' : 'Submit Application'}
      </Button>
    </form>
  );
}
