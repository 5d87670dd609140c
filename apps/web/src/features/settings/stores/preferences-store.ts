import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/**
 * The Preferences tab's two switches (docs/product/accounts.md#account-and-settings): kept in this browser only, as the
 * spec shows no call for them. Email Notifications default on, Marketing Emails default off.
 */
interface PreferencesState {
  emailNotifications: boolean;
  marketingEmails: boolean;
  setEmailNotifications(on: boolean): void;
  setMarketingEmails(on: boolean): void;
}

export const usePreferencesStore = create<PreferencesState>()(
  persist(
    (set) => ({
      emailNotifications: true,
      marketingEmails: false,
      setEmailNotifications: (emailNotifications) => set({ emailNotifications }),
      setMarketingEmails: (marketingEmails) => set({ marketingEmails }),
    }),
    { name: 'preferences-store', version: 0 },
  ),
);
