/**
 * The company's public details, shown in the footer legal block, on the contact page and in the
 * policies. One place, so the legal text and the contact details never disagree.
 */
export const company = {
  brand: 'UGM Gift Marketplace',
  shortBrand: 'UGM',
  legalName: 'UGM Marketplace Ltd',
  companyNumber: '14785236',
  registeredIn: 'England and Wales',
  address: {
    line1: '4th Floor, 12 Tabernacle Street',
    city: 'London',
    postcode: 'EC2A 4LU',
    country: 'United Kingdom',
  },
  supportEmail: 'support@ugmgifts.co.uk',
  partnersEmail: 'partners@ugmgifts.co.uk',
  complianceEmail: 'compliance@ugmgifts.co.uk',
  privacyEmail: 'privacy@ugmgifts.co.uk',
  phone: '+44 20 7946 0321',
  social: {
    instagram: 'https://www.instagram.com/ugmgifts',
    facebook: 'https://www.facebook.com/ugmgifts',
    x: 'https://x.com/ugmgifts',
    linkedin: 'https://www.linkedin.com/company/ugmgifts',
  },
} as const;

export const supportHours = [
  { days: 'Monday to Friday', hours: '9:00 AM to 5:00 PM' },
  { days: 'Saturday', hours: '10:00 AM to 4:00 PM' },
  { days: 'Sunday', hours: 'Closed' },
] as const;
