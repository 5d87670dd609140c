import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { company } from '@/lib/company';
import { policyLinkClass as linkClass, PolicyPage, type PolicySection } from '../components/policy-page';

const address = `${company.address.line1}, ${company.address.city} ${company.address.postcode}, ${company.address.country}`;

const supportEmailLink = (
  <a href={`mailto:${company.supportEmail}`} className={linkClass}>
    {company.supportEmail}
  </a>
);

const sections: PolicySection[] = [
  {
    id: 'scope',
    heading: 'Scope',
    body: (
      <>
        <p>
          This policy applies to all digital gift cards and vouchers, and to any subscription, bought from{' '}
          {company.legalName} on {company.brand}, whether you bought them for yourself or as a gift. It explains when
          you can get your money back, how to ask for a refund and how long it takes.
        </p>
        <p>
          The policy forms part of our{' '}
          <Link to={paths.terms} className={linkClass}>
            Terms and Conditions
          </Link>
          . It does not affect your statutory rights as a consumer under UK law, including the Consumer Rights Act 2015
          and the Consumer Contracts (Information, Cancellation and Additional Charges) Regulations 2013.
        </p>
      </>
    ),
  },
  {
    id: 'eligibility',
    heading: 'Eligibility',
    body: (
      <>
        <p>A refund request can be considered when:</p>
        <ul>
          <li>
            it is made by the account holder who paid for the order (if you received a voucher as a gift, please ask the
            person who sent it to contact us);
          </li>
          <li>the order was paid for successfully on {company.brand};</li>
          <li>
            the voucher has not been activated, redeemed, exchanged or converted to UGM Credit, unless the request is
            about non-delivery; and
          </li>
          <li>
            the request is made within the time limit for the relevant scenario in{' '}
            <a href="#refund-scenarios" className={linkClass}>
              Refund Scenarios
            </a>
            .
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'refund-scenarios',
    heading: 'Refund Scenarios',
    body: (
      <>
        <ul>
          <li>
            <strong>Gift card not delivered:</strong> if a gift card you bought is not delivered to you or to your
            recipient within 24 hours of your payment being confirmed, and you notify us within 7 days of your purchase,
            we will give you a full refund. If you prefer, we can deliver the voucher again instead.
          </li>
          <li>
            <strong>14-day cooling-off period:</strong> you may cancel a voucher and receive a full refund within 14
            days of purchase, provided its code is unused, meaning the voucher has not been activated, redeemed,
            exchanged or converted to UGM Credit.
          </li>
          <li>
            <strong>Subscriptions:</strong> if you cancel a subscription within 14 days of purchase or renewal, we will
            refund the unused part of the subscription period on a pro-rata basis.
          </li>
        </ul>
        <p>
          We also refund any amount charged in error, such as a duplicate payment for the same order. You can choose to
          receive a refund either to your original payment method or as UGM Credit in your wallet.
        </p>
      </>
    ),
  },
  {
    id: 'how-to-request',
    heading: 'How to Request a Refund',
    body: (
      <>
        <p>
          Email us at {supportEmailLink} from the email address registered to your account, with the subject line
          “Refund request”, and include:
        </p>
        <ul>
          <li>your full name and the email address registered to your account;</li>
          <li>the order details, including the merchant, voucher value and date of purchase;</li>
          <li>for gifts that were not delivered, the recipient’s name and email address as entered at checkout;</li>
          <li>the reason for your request; and</li>
          <li>whether you would like the refund to your original payment method or as UGM Credit.</li>
        </ul>
        <p>
          We may ask for further information to verify your request or to meet our legal obligations. You will find
          other ways to reach us on our{' '}
          <Link to={paths.contact} className={linkClass}>
            Contact page
          </Link>
          .
        </p>
      </>
    ),
  },
  {
    id: 'processing-time',
    heading: 'Processing Time',
    body: (
      <>
        <ul>
          <li>
            <strong>Acknowledgement:</strong> we acknowledge every refund request within 2 business days.
          </li>
          <li>
            <strong>Decision:</strong> we tell you whether your refund is approved within up to 5 business days of
            receiving all the information we need.
          </li>
          <li>
            <strong>Refund to your payment method:</strong> approved refunds are returned to your original payment
            method, and normally reach your account within 5 to 10 business days, depending on your card issuer.
          </li>
          <li>
            <strong>UGM Credit:</strong> if you choose UGM Credit, it is added to your wallet within 2 business days of
            approval.
          </li>
        </ul>
        <p>
          When a refund is approved, the voucher concerned is deactivated and can no longer be used. Business days are
          Monday to Friday, excluding bank holidays in England.
        </p>
      </>
    ),
  },
  {
    id: 'exceptions',
    heading: 'Exceptions',
    body: (
      <>
        <p>Except where the law requires otherwise, we cannot give a refund for:</p>
        <ul>
          <li>
            vouchers that have been <strong>activated or redeemed</strong>, because activation reveals the redemption
            details and cannot be reversed;
          </li>
          <li>
            vouchers that have been <strong>exchanged</strong> for another merchant’s voucher, because exchanges cannot
            be undone;
          </li>
          <li>
            vouchers that have been <strong>converted to UGM Credit</strong>, or UGM Credit itself, which cannot be
            withdrawn as cash;
          </li>
          <li>
            orders involving <strong>fraud</strong> or suspected fraud, unauthorised use of a payment card, multiple
            accounts or any other breach of our{' '}
            <Link to={paths.terms} className={linkClass}>
              Terms and Conditions
            </Link>
            ; and
          </li>
          <li>
            requests made after the time limits in this policy, other than those covered by your statutory rights.
          </li>
        </ul>
        <p>
          Problems with goods or services you obtain when redeeming a voucher are the responsibility of the merchant and
          should be raised with the merchant directly, although we will help where we can.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    heading: 'Changes to This Policy',
    body: (
      <p>
        We may update this policy from time to time, for example to reflect changes in the law or in our services. The
        effective date at the top of this page shows when it last changed. Changes do not apply to orders placed before
        the new version takes effect.
      </p>
    ),
  },
  {
    id: 'contact',
    heading: 'Contact Us',
    body: (
      <>
        <p>If you have any questions about this policy or a refund, please contact us:</p>
        <ul>
          <li>Email: {supportEmailLink}</li>
          <li>Phone: {company.phone}</li>
          <li>
            Post: {company.legalName}, {address}
          </li>
        </ul>
      </>
    ),
  },
];

export function RefundPolicyPage() {
  return (
    <PolicyPage
      title="Refund Policy"
      updated="Effective date: July 14, 2025"
      description={`When and how you can get a refund for digital gift vouchers bought on ${company.brand}, and how long refunds take.`}
      intro={
        <p>
          We want you to be happy with every voucher you buy. This policy explains the situations in which we offer
          refunds, how to request one and what to expect once you have.
        </p>
      }
      sections={sections}
    />
  );
}
