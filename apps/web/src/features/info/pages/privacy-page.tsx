import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { company } from '@/lib/company';
import { policyLinkClass as linkClass, PolicyPage, type PolicySection } from '../components/policy-page';

const address = `${company.address.line1}, ${company.address.city} ${company.address.postcode}, ${company.address.country}`;

const privacyEmailLink = (
  <a href={`mailto:${company.privacyEmail}`} className={linkClass}>
    {company.privacyEmail}
  </a>
);

const sections: PolicySection[] = [
  {
    id: 'who-we-are',
    heading: 'Who we are',
    body: (
      <>
        <p>
          {company.brand} is operated by <strong>{company.legalName}</strong>, a company registered in{' '}
          {company.registeredIn} under company number {company.companyNumber}, with its registered office at {address}.{' '}
          {company.legalName} is the controller of the personal data described in this policy, which means we decide how
          and why it is used.
        </p>
        <p>
          We process personal data in line with the UK General Data Protection Regulation (UK GDPR) and the Data
          Protection Act 2018. If you have any question about this policy or how we use your data, contact us at{' '}
          {privacyEmailLink}.
        </p>
      </>
    ),
  },
  {
    id: 'data-we-collect',
    heading: 'Information we collect',
    body: (
      <>
        <ul>
          <li>
            <strong>Account information:</strong> your name, email address, your UGM handle (username), phone number if
            you add one, the interests you select when you sign up, and the date you joined. If you sign in with Google,
            we receive your name and email address from Google.
          </li>
          <li>
            <strong>Verification information:</strong> confirmation that your corporate email address is verified, and
            the results of identity and transaction monitoring checks carried out on our behalf.
          </li>
          <li>
            <strong>Order and wallet information:</strong> the vouchers you buy, their values and currencies, order and
            payment status, gifts you send and receive, activations, exchanges, conversions to UGM Credit, your wallet
            balance and transaction history, and your wishlist and cart. Card details are collected directly by our
            payment provider; we never see or store your full card number.
          </li>
          <li>
            <strong>Recipient information:</strong> when you send a gift, the recipient’s name and email address and any
            personal message you write. See{' '}
            <a href="#gift-recipients" className={linkClass}>
              Information about gift recipients
            </a>
            .
          </li>
          <li>
            <strong>Communications:</strong> messages you send through our contact form, live chat or by email, business
            partnership applications, and your newsletter subscription.
          </li>
          <li>
            <strong>Device and log data:</strong> your IP address, browser and device type, the pages you visit, the
            date and time of requests, and technical error reports that help us find and fix faults.
          </li>
          <li>
            <strong>Approximate location:</strong> the country associated with your IP address, which we use to show
            vouchers available where you are.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'cookies',
    heading: 'Cookies and local storage',
    body: (
      <>
        <p>
          We use your browser’s local storage, and a small number of cookies, for things the service cannot work
          without:
        </p>
        <ul>
          <li>
            <strong>Sign-in tokens</strong> that keep you signed in securely between visits. They are removed when you
            log out.
          </li>
          <li>
            <strong>Your cart and gift recipients</strong>, so that items you add before signing in or checking out are
            not lost.
          </li>
          <li>
            <strong>Navigation details</strong>, such as the page to return to after you sign in, an item you tried to
            add to your wishlist before signing in, and your country.
          </li>
        </ul>
        <p>
          Google sign-in and our live chat service may set their own cookies when you use them. We do not use
          advertising or cross-site tracking cookies. If we ever introduce cookies that are not strictly necessary, we
          will ask for your consent first, as the Privacy and Electronic Communications Regulations 2003 require. You
          can clear local storage and cookies through your browser settings, although you will then be signed out and
          lose any unsaved cart.
        </p>
      </>
    ),
  },
  {
    id: 'gift-recipients',
    heading: 'Information about gift recipients',
    body: (
      <>
        <p>
          If someone sends you a gift, they give us your name, your email address and, optionally, a personal message.
          We use these details only to deliver the gift, let you claim it, confirm receipt to the sender, and keep the
          records the law requires. We do not send recipients marketing unless they later sign up and choose to receive
          it.
        </p>
        <p>
          If you send a gift, please make sure the recipient would expect to hear from us about it, and do not include
          sensitive information about them in your message.
        </p>
      </>
    ),
  },
  {
    id: 'purposes-and-lawful-bases',
    heading: 'How we use your information and our lawful bases',
    body: (
      <>
        <p>We use personal data only where the law allows us to. Our purposes and lawful bases are:</p>
        <ul>
          <li>
            <strong>Performance of a contract:</strong> to create and run your account, sign you in, process orders and
            payments, deliver vouchers and gifts, operate your wallet, exchanges and UGM Credit, handle refunds and
            answer your questions.
          </li>
          <li>
            <strong>Legal obligation:</strong> to carry out customer due diligence and transaction monitoring, keep
            records and report suspicious activity under anti-money laundering law, meet tax and accounting rules, and
            respond to lawful requests from authorities.
          </li>
          <li>
            <strong>Legitimate interests:</strong> to keep the platform secure, prevent fraud and abuse (including
            multiple accounts and referral manipulation), fix faults, improve our services, deliver gifts to recipients
            on behalf of givers, and establish or defend legal claims. We only rely on legitimate interests where they
            are not overridden by your rights.
          </li>
          <li>
            <strong>Consent:</strong> to send you marketing emails and our newsletter. You can withdraw your consent at
            any time.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'automated-checks',
    heading: 'Automated checks',
    body: (
      <p>
        Our identity and transaction monitoring providers use automated tools to flag activity that may indicate fraud
        or financial crime. A flag does not by itself lead to a decision about you: alerts are reviewed by our
        compliance team, and you can ask for a person to reconsider any decision that affects you by contacting{' '}
        {privacyEmailLink}.
      </p>
    ),
  },
  {
    id: 'sharing',
    heading: 'Who we share your information with',
    body: (
      <>
        <p>We do not sell your personal data. We share it only where needed, with:</p>
        <ul>
          <li>
            <strong>Our payment processor</strong>, which handles card payments;
          </li>
          <li>
            <strong>Our email delivery provider</strong>, which sends sign-in codes, vouchers, gift notifications and,
            if you opt in, marketing emails;
          </li>
          <li>
            <strong>Identity and transaction monitoring providers</strong>, licensed third parties that help us verify
            identities and detect fraud and financial crime;
          </li>
          <li>
            <strong>Merchants and voucher distribution partners</strong>, to issue and fulfil the vouchers you buy and
            to resolve redemption issues;
          </li>
          <li>
            <strong>Other service providers</strong> that host our platform, provide live chat, error reporting and
            IP-based location lookup, and, if you choose to use it, Google for sign-in;
          </li>
          <li>
            <strong>Professional advisers</strong>, such as lawyers, auditors and insurers;
          </li>
          <li>
            <strong>Law enforcement and regulators</strong>, including the National Crime Agency, where the law requires
            or allows us to share information; and
          </li>
          <li>
            <strong>A buyer or successor</strong> if our business, or part of it, is sold or reorganised.
          </li>
        </ul>
        <p>
          Our service providers act on our instructions under written contracts that require them to keep your data
          secure and use it only for the services they provide to us.
        </p>
      </>
    ),
  },
  {
    id: 'international-transfers',
    heading: 'International transfers',
    body: (
      <p>
        Some of our service providers process data outside the United Kingdom. When your data is transferred abroad we
        make sure it stays protected, either because the destination country is covered by UK adequacy regulations or
        because we use the International Data Transfer Agreement or the UK Addendum to the EU Standard Contractual
        Clauses, together with any additional safeguards that are needed. You can ask us for details of these
        safeguards.
      </p>
    ),
  },
  {
    id: 'retention',
    heading: 'How long we keep your information',
    body: (
      <>
        <p>We keep personal data only for as long as we need it:</p>
        <ul>
          <li>
            <strong>Account information</strong> is kept while your account is open and for a limited period afterwards,
            so that we can deal with questions and claims.
          </li>
          <li>
            <strong>Order, transaction and due diligence records</strong> are kept for at least 5 years after the
            transaction or the end of our relationship with you, as anti-money laundering law requires (see our{' '}
            <Link to={paths.amlPolicy} className={linkClass}>
              Anti-Money Laundering Policy
            </Link>
            ), and longer where tax or accounting rules require it.
          </li>
          <li>
            <strong>Marketing preferences</strong> are kept until you unsubscribe, after which we keep a record of your
            choice so that we do not contact you again.
          </li>
          <li>
            <strong>Contact and support messages</strong> and <strong>technical logs</strong> are kept only for as long
            as needed to resolve your query or investigate a fault.
          </li>
          <li>
            <strong>Data in your browser’s local storage</strong> stays on your device until you log out, the item is
            used, or you clear it.
          </li>
        </ul>
        <p>When data is no longer needed, we delete it or anonymise it securely.</p>
      </>
    ),
  },
  {
    id: 'security',
    heading: 'How we protect your information',
    body: (
      <p>
        We use appropriate technical and organisational measures to protect personal data, including encryption in
        transit, passwordless sign-in with short-lived codes, access controls that limit staff access to those who need
        it, and regular review of our security practices and suppliers. No system is completely secure, so please keep
        your email account safe and never share your sign-in codes or voucher redemption details.
      </p>
    ),
  },
  {
    id: 'your-rights',
    heading: 'Your rights',
    body: (
      <>
        <p>Under UK data protection law you have the right to:</p>
        <ul>
          <li>
            <strong>Access</strong> the personal data we hold about you and receive a copy;
          </li>
          <li>
            <strong>Rectification</strong> of inaccurate or incomplete data;
          </li>
          <li>
            <strong>Erasure</strong> of your data where there is no good reason for us to keep it;
          </li>
          <li>
            <strong>Restriction</strong> of how we use your data in certain circumstances;
          </li>
          <li>
            <strong>Data portability</strong>, meaning a copy of data you gave us in a structured, commonly used,
            machine-readable format;
          </li>
          <li>
            <strong>Object</strong> to processing based on our legitimate interests, and to direct marketing at any
            time; and
          </li>
          <li>
            <strong>Withdraw consent</strong> where we rely on it, without affecting processing carried out before you
            withdrew.
          </li>
        </ul>
        <p>
          To exercise any of these rights, email {privacyEmailLink}. We will respond within one month, and we may ask
          you to confirm your identity first. Some rights are limited by law; for example, we cannot delete records that
          anti-money laundering law requires us to keep.
        </p>
        <p>
          You also have the right to complain to the Information Commissioner’s Office (ICO), the UK supervisory
          authority for data protection, at{' '}
          <a href="https://ico.org.uk/make-a-complaint/" className={linkClass}>
            ico.org.uk/make-a-complaint
          </a>{' '}
          or on 0303 123 1113. We would, however, appreciate the chance to deal with your concerns first.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    heading: 'Children',
    body: (
      <p>
        {company.brand} is intended for adults, and you must be at least 18 to open an account. We do not knowingly
        collect personal data from children, other than a recipient’s name and email address supplied by a giver to
        deliver a gift. If you believe a child has given us personal data, contact {privacyEmailLink} and we will delete
        it.
      </p>
    ),
  },
  {
    id: 'marketing',
    heading: 'Marketing emails',
    body: (
      <>
        <p>
          We send marketing emails only if you opt in. The <strong>Marketing Emails</strong> preference in the
          Preferences tab of your{' '}
          <Link to={paths.settings} className={linkClass}>
            account settings
          </Link>{' '}
          is <strong>off by default</strong>, and you can switch it on or off at any time. Signing up for our newsletter
          is also an opt-in.
        </p>
        <p>
          Every marketing email includes an unsubscribe link. Even if you do not receive marketing, we will still send
          the service emails you need, such as sign-in codes, order confirmations, gift notifications and important
          changes to our terms.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    heading: 'Changes to this policy',
    body: (
      <p>
        We may update this policy from time to time. The date at the top of this page shows when it was last changed. If
        we make a significant change, we will tell you by email or on the platform before it takes effect.
      </p>
    ),
  },
  {
    id: 'contact',
    heading: 'Contact us',
    body: (
      <>
        <p>For any question about your personal data or this policy, please contact us:</p>
        <ul>
          <li>Email: {privacyEmailLink}</li>
          <li>
            Post: Data Protection, {company.legalName}, {address}
          </li>
        </ul>
        <p>
          For questions about orders or your account, see our{' '}
          <Link to={paths.contact} className={linkClass}>
            Contact page
          </Link>
          .
        </p>
      </>
    ),
  },
];

export function PrivacyPage() {
  return (
    <PolicyPage
      title="Privacy Policy"
      updated="Last updated: June 2, 2025"
      description={`How ${company.legalName} collects, uses, shares and protects your personal data under the UK GDPR and the Data Protection Act 2018.`}
      intro={
        <p>
          This policy explains what personal data we collect when you use {company.brand}, why we collect it, who we
          share it with, how long we keep it and the rights you have. It applies to account holders, gift recipients and
          visitors to our website.
        </p>
      }
      sections={sections}
    />
  );
}
