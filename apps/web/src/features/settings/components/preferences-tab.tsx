import * as Switch from '@radix-ui/react-switch';
import { useId } from 'react';
import { usePreferencesStore } from '../stores/preferences-store';

/** Settings, Preferences tab (docs/product/accounts.md#account-and-settings): two switches kept on this device only. */
export function PreferencesTab() {
  const preferences = usePreferencesStore();
  return (
    <div className="space-y-6">
      <PreferenceSwitch
        label="Email Notifications"
        description="Emails about your vouchers, gifts and account."
        checked={preferences.emailNotifications}
        onChange={preferences.setEmailNotifications}
      />
      <PreferenceSwitch
        label="Marketing Emails"
        description="News about new retail partners and offers."
        checked={preferences.marketingEmails}
        onChange={preferences.setMarketingEmails}
      />
      <p className="text-sm text-gray-500">These preferences are saved on this device only.</p>
    </div>
  );
}

function PreferenceSwitch(props: {
  label: string;
  description: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4">
      <div>
        <label htmlFor={id} className="font-medium text-gray-900">
          {props.label}
        </label>
        <p id={`${id}-description`} className="text-sm text-gray-500">
          {props.description}
        </p>
      </div>
      <Switch.Root
        id={id}
        checked={props.checked}
        onCheckedChange={props.onChange}
        aria-describedby={`${id}-description`}
        className="relative h-6 w-11 shrink-0 rounded-full bg-gray-300 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 data-[state=checked]:bg-brand-600"
      >
        <Switch.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
      </Switch.Root>
    </div>
  );
}
