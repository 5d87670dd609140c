import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { company } from '@/lib/company';
import { policyLinkClass as linkClass, PolicyPage, type PolicySection } from '../components/policy-page';

const address = `${company.address.line1}, ${company.address.city} ${company.address.postcode}, ${company.address.country}`;

const sections: PolicySection[] = [
  {
    id: 'who-we-are',
    heading: 'Who we are',
    body: (
      <>
        <p>
          {company.brand} is operated by <strong>{company.legalName}</strong>, a company registered in{' '}
          {company.registeredIn} under company number {company.companyNumber}, whose registered office is at {address}.
          In these terms, “{company.shortBrand}”, “we”, “us” and “our” mean {company.legalName}, and “you” means the
          person using the platform.
        </p>
        <p>
          {company.brand} is a marketplace: we sell digital gift cards and vouchers issued by our partner retailers,
          restaurants and service providers (“merchants”), and we provide the website and wallet through which you buy,
          send, keep, activate, exchange and convert them.
        </p>
      </>
    ),
  },
  {
    id: 'eligibility-and-accounts',
    heading: 'Eligibility and your account',
    body: (
      <>
        <p>
          To create an account and buy vouchers you must be at least 18 years old and able to enter into a binding
          contract. You must also meet the customer due diligence requirements in our{' '}
          <Link to={paths.amlPolicy} className={linkClass}>
            Anti-Money Laundering Policy
          </Link>
          , including signing in with a verified corporate email address that you use through your employment. We may
          ask you to verify your identity at any time.
        </p>
        <p>
          We do not use passwords. You sign in either with a 6-digit code that we send to your email address, or with
          your Google account. Because access to your email account gives access to your {company.shortBrand} account,
          you are responsible for keeping your email and Google accounts secure and for all activity that takes place
          under your account. Never share a sign-in code with anyone, including anyone claiming to be from{' '}
          {company.shortBrand}; we will never ask you for one.
        </p>
        <ul>
          <li>You may hold only one account, and it is personal to you.</li>
          <li>
            The information you give us, including your name, email address and phone number, must be accurate and kept
            up to date in Settings. Your account name is required before you can check out.
          </li>
          <li>
            If you think someone else has accessed your account, tell us straight away at{' '}
            <a href={`mailto:${company.supportEmail}`} className={linkClass}>
              {company.supportEmail}
            </a>
            .
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'our-products',
    heading: 'Our products',
    body: (
      <>
        <p>
          Every product sold on {company.brand} is a <strong>digital gift card</strong>. We do not sell or post physical
          cards. Vouchers are delivered by email and through the platform, where they appear in the wallet of the
          account holder or the recipient.
        </p>
        <p>
          Each voucher is issued by the merchant named on it and can be spent only with that merchant, in line with the
          merchant’s own terms (see{' '}
          <a href="#merchant-terms" className={linkClass}>
            Merchant terms
          </a>
          ). The goods and services you buy with a voucher are supplied by the merchant, not by us.
        </p>
      </>
    ),
  },
  {
    id: 'buying-vouchers',
    heading: 'Buying vouchers',
    body: (
      <>
        <ul>
          <li>
            Prices are shown in the currency of the voucher. The amount you pay is the face value of the voucher you
            choose, and the checkout shows the total before you pay.
          </li>
          <li>
            We accept card payments only. Payments are processed by our licensed third-party payment provider; we never
            see or store your full card details.
          </li>
          <li>
            Your order is accepted, and a contract between you and us is formed, when your payment is confirmed and the
            voucher is issued. If a payment fails, no voucher is issued and you will be asked to try again.
          </li>
          <li>
            We may decline or cancel an order, and refund any payment taken, if a voucher is unavailable, if a price was
            shown in error, or if we reasonably suspect fraud, misuse or a breach of these terms.
          </li>
        </ul>
        <p>
          Vouchers you buy for yourself are added to your wallet. Vouchers you buy as gifts are sent to the recipients
          you name at checkout.
        </p>
      </>
    ),
  },
  {
    id: 'sending-gifts',
    heading: 'Sending vouchers as gifts',
    body: (
      <>
        <p>
          When you buy a voucher as a gift you give us the recipient’s name and email address and, if you wish, a
          personal message. We email the recipient to tell them about the gift and how to claim it.
        </p>
        <ul>
          <li>
            You must have the recipient’s permission, or a reasonable expectation that they would be happy, for us to
            use their details to deliver your gift. Our{' '}
            <Link to={paths.privacy} className={linkClass}>
              Privacy Policy
            </Link>{' '}
            explains how we handle them.
          </li>
          <li>
            Please check the email address carefully. A voucher delivered to the address you gave us counts as
            delivered, and we cannot be responsible for a voucher sent to a wrong address that you supplied.
          </li>
          <li>
            Your message must not be offensive, threatening, defamatory or unlawful, and must not contain advertising.
            We may decline to deliver a message that breaks this rule.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'claiming-gifts',
    heading: 'Receiving and claiming a gift',
    body: (
      <>
        <p>
          If you receive a gift, sign in (or create an account) with the email address the gift was sent to. The voucher
          appears in your wallet as pending until you claim it and confirm receipt. Until then the sender sees the gift
          as “Pending Confirmation”; once you confirm, it shows as “Confirmed”.
        </p>
        <p>
          After you claim a gift it is yours, and these terms apply to you as the voucher holder in the same way as to a
          buyer.
        </p>
      </>
    ),
  },
  {
    id: 'activation',
    heading: 'Activating and redeeming vouchers',
    body: (
      <>
        <p>
          A voucher in your wallet stays inactive until you choose to activate it. Activation reveals the redemption
          details, such as a code, PIN or redemption link, that you use to spend the voucher with the merchant.
        </p>
        <ul>
          <li>
            <strong>Activation is irreversible.</strong> We ask you to confirm before a voucher is activated, and once
            activated it cannot be deactivated.
          </li>
          <li>An activated voucher cannot be exchanged, converted to UGM Credit or cancelled for a refund.</li>
          <li>
            Treat redemption details like cash. Anyone who has them may be able to spend the voucher, and we cannot
            replace a voucher whose details you have shared or lost after activation.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'exchanges',
    heading: 'Exchanging vouchers',
    body: (
      <>
        <p>
          You can exchange a voucher that has not been activated for another merchant’s voucher of equal value and in
          the same currency, subject to availability.
        </p>
        <ul>
          <li>
            <strong>An exchange cannot be undone.</strong> When it completes, the original voucher is deactivated and
            the new voucher appears in your wallet.
          </li>
          <li>A voucher received through an exchange is subject to the new merchant’s terms.</li>
          <li>Exchanges are not available for activated vouchers or for vouchers already converted to UGM Credit.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'ugm-credit',
    heading: 'UGM Credit',
    body: (
      <>
        <p>
          You can convert a voucher that has not been activated into UGM Credit. UGM Credit is held in your wallet and
          can be used to buy vouchers on {company.brand}. When a conversion completes, the original voucher is
          deactivated and the conversion cannot be reversed.
        </p>
        <ul>
          <li>UGM Credit is platform credit. It is not cash, not a bank deposit and not electronic money.</li>
          <li>
            UGM Credit cannot be withdrawn as cash, paid out to a bank account or card, transferred to another account,
            or sold, and it does not earn interest.
          </li>
          <li>
            If we close your account for a reason other than a breach of these terms, we will tell you how you can use
            any remaining UGM Credit before the closure takes effect.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'validity',
    heading: 'Validity of vouchers',
    body: (
      <>
        <p>
          Vouchers bought on {company.brand} never expire and keep their full value: we do not charge dormancy,
          inactivity or service fees that reduce a voucher’s balance.
        </p>
        <p>
          If a merchant stops accepting its vouchers, for example because it stops trading, contact us and we will help
          you, including, where possible, by exchanging an unactivated voucher for another merchant’s voucher of equal
          value.
        </p>
      </>
    ),
  },
  {
    id: 'merchant-terms',
    heading: 'Merchant terms',
    body: (
      <>
        <p>
          Each merchant sets its own terms and conditions for its vouchers, covering matters such as where the voucher
          can be used, whether it can be used online or in store, and whether it can be combined with other offers.
          These terms are shown on the product page before you buy, and they apply in addition to these terms.
        </p>
        <p>
          The merchant is responsible for the goods and services it supplies when you redeem a voucher. Any question
          about those goods or services should be raised with the merchant, although we will help where we reasonably
          can.
        </p>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    heading: 'Acceptable use and prohibited conduct',
    body: (
      <>
        <p>You must not:</p>
        <ul>
          <li>
            <strong>resell, transfer or redistribute vouchers</strong>, or offer them for sale on any other website,
            marketplace or channel. The only permitted transfer is sending a voucher you have bought as a gift to its
            recipient through the platform;
          </li>
          <li>
            <strong>open or use more than one account</strong>, or use another person’s account;
          </li>
          <li>
            <strong>manipulate the referral contest</strong> in any way, including by referring yourself, creating or
            buying accounts, or using fake or disposable email addresses;
          </li>
          <li>
            use a payment card you are not authorised to use, or use the platform in connection with fraud, money
            laundering, terrorist financing or any breach of sanctions;
          </li>
          <li>
            scrape, copy or use automated tools to access the platform, or interfere with its security or operation; or
          </li>
          <li>use the platform for any unlawful purpose or in breach of these terms.</li>
        </ul>
        <p>
          If you do any of these things we may cancel or deactivate the vouchers and UGM Credit concerned, withhold any
          referral prize, and suspend or close your account, and we may report the matter to the relevant authorities.
        </p>
      </>
    ),
  },
  {
    id: 'referral-contest',
    heading: 'Referral contest',
    body: (
      <>
        <p>
          From time to time we may run a referral contest, in which account holders who refer new customers can enter a
          prize draw. The rules of each contest, including the prize, the entry period and how the winner is chosen, are
          published when the contest opens and apply together with these terms.
        </p>
        <ul>
          <li>
            To be entered into a referral prize draw you must have made <strong>at least 25 referrals</strong> during
            the contest period.
          </li>
          <li>
            A referral counts only if it is a genuine, distinct person who opens their own account and meets the contest
            rules. Self-referrals and referrals involving multiple or fake accounts do not count.
          </li>
          <li>
            We may check entries, disqualify any entry that breaks these terms or the contest rules, and withhold or
            reclaim a prize obtained through manipulation.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'refunds',
    heading: 'Cancellations and refunds',
    body: (
      <>
        <p>
          Your rights to cancel an order and to receive a refund, including when a voucher is not delivered and the
          cooling-off period for unused vouchers, are set out in our{' '}
          <Link to={paths.refundPolicy} className={linkClass}>
            Refund Policy
          </Link>
          , which forms part of these terms.
        </p>
        <p>
          Vouchers that have been activated, redeemed, exchanged or converted to UGM Credit cannot be refunded, except
          where the law requires otherwise. Nothing in these terms affects your statutory rights as a consumer.
        </p>
      </>
    ),
  },
  {
    id: 'payments-and-status',
    heading: 'Payments and our regulatory status',
    body: (
      <>
        <p>
          {company.legalName} is <strong>not a bank</strong> and <strong>does not hold customer funds</strong>. Card
          payments are processed by a licensed third-party payment provider. Banking services, and real-time transaction
          and identity monitoring, are provided by licensed third parties.
        </p>
        <p>
          To meet our legal obligations and protect our customers, transactions and accounts are monitored for fraud,
          money laundering and other financial crime, as described in our{' '}
          <Link to={paths.amlPolicy} className={linkClass}>
            Anti-Money Laundering Policy
          </Link>
          . We may delay, decline or reverse a transaction, or ask you for further information, where this is needed to
          meet those obligations.
        </p>
      </>
    ),
  },
  {
    id: 'intellectual-property',
    heading: 'Intellectual property',
    body: (
      <p>
        The platform, including its design, text, software and the {company.brand} name and logo, belongs to us or our
        licensors. Merchant names, logos and images belong to the merchants concerned and are used with their
        permission. You may use the platform for your own personal, non-commercial use only.
      </p>
    ),
  },
  {
    id: 'liability',
    heading: 'Our liability',
    body: (
      <>
        <p>
          We are responsible for loss or damage you suffer that is a foreseeable result of our breaking these terms or
          failing to use reasonable care and skill. Loss or damage is foreseeable if it was obvious that it would
          happen, or if both you and we knew it might happen when the contract was made.
        </p>
        <ul>
          <li>
            We do not exclude or limit our liability where it would be unlawful to do so, including liability for death
            or personal injury caused by our negligence, for fraud or fraudulent misrepresentation, or for breach of
            your rights under the Consumer Rights Act 2015.
          </li>
          <li>
            Subject to the point above, our total liability to you in connection with any voucher is limited to the
            amount you paid for it.
          </li>
          <li>
            The platform is for private use. We are not liable to you for any loss of profit, loss of business, business
            interruption or loss of business opportunity.
          </li>
          <li>
            We are not responsible for the goods or services supplied by merchants, for losses caused by events outside
            our reasonable control, or for losses resulting from you sharing your redemption details or sign-in codes.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'suspension',
    heading: 'Suspension and closure of accounts',
    body: (
      <>
        <p>
          We may suspend or restrict your account, or close it, if we reasonably believe that you have broken these
          terms, that your account is being used for fraud or other financial crime, or that we must do so to comply
          with the law or a request from a regulator or law enforcement agency. Where we are allowed to, we will tell
          you why.
        </p>
        <p>
          You may close your account at any time by contacting{' '}
          <a href={`mailto:${company.supportEmail}`} className={linkClass}>
            {company.supportEmail}
          </a>
          . Please use or exchange any vouchers and UGM Credit in your wallet before you do so.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    heading: 'Changes to these terms',
    body: (
      <p>
        We may update these terms to reflect changes in the law, in our services or in how we operate. The date at the
        top of this page shows when they were last changed. We will tell you by email or on the platform before any
        significant change takes effect. The terms in force when you place an order apply to that order.
      </p>
    ),
  },
  {
    id: 'governing-law',
    heading: 'Governing law and disputes',
    body: (
      <>
        <p>
          These terms are governed by the law of England and Wales, and the courts of England and Wales have
          jurisdiction over any dispute arising from them. If you live in Scotland or Northern Ireland, you may also
          bring proceedings in the courts of the country where you live.
        </p>
        <p>
          If you have a complaint, please contact us first so that we can try to put things right. If any part of these
          terms is found to be unenforceable, the remaining parts continue to apply.
        </p>
      </>
    ),
  },
  {
    id: 'contact',
    heading: 'Contact us',
    body: (
      <>
        <p>If you have any questions about these terms, please contact us:</p>
        <ul>
          <li>
            Email:{' '}
            <a href={`mailto:${company.supportEmail}`} className={linkClass}>
              {company.supportEmail}
            </a>
          </li>
          <li>Phone: {company.phone}</li>
          <li>
            Post: {company.legalName}, {address}
          </li>
        </ul>
        <p>
          Our support hours and other ways to reach us are on our{' '}
          <Link to={paths.contact} className={linkClass}>
            Contact page
          </Link>
          .
        </p>
      </>
    ),
  },
];

export function TermsPage() {
  return (
    <PolicyPage
      title="Terms and Conditions"
      updated="Last updated: June 3, 2025"
      description={`The terms that apply when you buy, send, activate, exchange or convert digital gift vouchers on ${company.brand}.`}
      intro={
        <p>
          These terms and conditions govern your use of {company.brand} and every purchase you make on it. Please read
          them carefully. By creating an account or placing an order you agree to them, together with our{' '}
          <Link to={paths.privacy} className={linkClass}>
            Privacy Policy
          </Link>
          ,{' '}
          <Link to={paths.refundPolicy} className={linkClass}>
            Refund Policy
          </Link>{' '}
          and{' '}
          <Link to={paths.amlPolicy} className={linkClass}>
            Anti-Money Laundering Policy
          </Link>
          .
        </p>
      }
      sections={sections}
    />
  );
}
