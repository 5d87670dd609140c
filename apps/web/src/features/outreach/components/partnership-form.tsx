import {
  businessCategoryOptions,
  outreachLimits,
  type PartnershipRequest,
  partnershipRequestSchema,
} from '@gvm/contract';
import { Button } from '@/components/ui/button';
import { Input, Textarea } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useApplyForPartnership } from '../api/apply-for-partnership';
import { useOutreachForm } from '../hooks/use-outreach-form';
import { FieldLabel, FormOutcomeMessage, selectClassName } from './form-parts';

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
        <div>
          <FieldLabel htmlFor={form.fieldId('companyName')} required>
            Company name
          </FieldLabel>
          <Input
            {...form.field('companyName')}
            autoComplete="organization"
            required
            maxLength={outreachLimits.companyName}
          />
        </div>
        <div>
          <FieldLabel htmlFor={form.fieldId('contactName')} required>
            Contact name
          </FieldLabel>
          <Input {...form.field('contactName')} autoComplete="name" required maxLength={outreachLimits.contactName} />
        </div>
        <div>
          <FieldLabel htmlFor={form.fieldId('businessEmail')} required>
            Business email
          </FieldLabel>
          <Input
            {...form.field('businessEmail')}
            type="email"
            autoComplete="work email"
            required
            maxLength={outreachLimits.email}
          />
        </div>
        <div>
          <FieldLabel htmlFor={form.fieldId('phoneNumber')} required>
            Phone number
          </FieldLabel>
          <Input {...form.field('phoneNumber')} type="tel" autoComplete="tel" maxLength={outreachLimits.phoneNumber} />
        </div>
        <div>
          <FieldLabel htmlFor={form.fieldId('companyWebsite')} required>
            Company website
          </FieldLabel>
          <Input
            {...form.field('companyWebsite')}
            type="url"
            inputMode="url"
            autoComplete="url"
            placeholder="https://"
            maxLength={outreachLimits.companyWebsite}
          />
        </div>
        <div>
          <FieldLabel htmlFor={form.fieldId('businessCategory')} required>
            Business category
          </FieldLabel>
          <select {...form.field('businessCategory')} className={selectClassName}>
            <option value="">Choose a category</option>
            {businessCategoryOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.name}
              </option>
            ))}
          </select>
        </div>
        <div className="sm:col-span-2">
          <FieldLabel htmlFor={form.fieldId('aboutBusiness')} required>
            Tell us about your business
          </FieldLabel>
          <Textarea
            {...form.field('aboutBusiness')}
            rows={5}
            maxLength={outreachLimits.aboutBusiness}
            placeholder="What you sell, where your customers can shop with you, and the voucher values you have in mind."
          />
        </div>
      </fieldset>
      <FormOutcomeMessage outcome={form.outcome} id={form.outcomeId} ref={form.outcomeRef} />
      <Button type="submit" size="lg" disabled={form.submitting} className="w-full sm:w-auto">
        {form.submitting ? <Spinner /> : null}
        {form.submitting ? 'Submitting...' : 'Submit Application'}
      </Button>
    </form>
  );
}
