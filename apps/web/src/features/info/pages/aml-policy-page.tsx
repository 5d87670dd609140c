import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { company } from '@/lib/company';
import { policyLinkClass as linkClass, PolicyPage, type PolicySection } from '../components/policy-page';

const complianceEmailLink = (
  <a href={`mailto:${company.complianceEmail}`} className={linkClass}>
    {company.complianceEmail}
  </a>
);

const sections: PolicySection[] = [
  {
    id: 'purpose-and-scope',
    heading: 'Purpose and Scope',
    body: (
      <>
        <p>
          This policy sets out how {company.legalName} (“{company.shortBrand}”, “we”, “us”), the operator of{' '}
          {company.brand}, prevents its services from being used for money laundering, terrorist financing or the
          evasion of financial sanctions. It describes the controls we apply to customers, vouchers and transactions,
          and the responsibilities of everyone who works for us.
        </p>
        <p>
          The policy applies to all customers who buy, send, receive, activate, exchange or convert gift vouchers or
          hold UGM Credit; to all of our directors, employees and contractors; and to the third-party providers that
          carry out payment processing, identity verification and transaction monitoring on our behalf.
        </p>
        <p>
          {company.legalName} is not a bank and does not hold customer funds. Card payments are processed by a licensed
          third-party payment provider, and banking services and real-time transaction and identity monitoring are
          provided by licensed third parties. We nonetheless recognise that gift vouchers and platform credit can be
          attractive to criminals, and we apply the controls in this policy to every part of our service.
        </p>
      </>
    ),
  },
  {
    id: 'definitions',
    heading: 'Definitions',
    body: (
      <ul>
        <li>
          <strong>Money laundering</strong> means concealing, converting, transferring, acquiring, using or possessing
          criminal property, or arranging to do so, as set out in the Proceeds of Crime Act 2002.
        </li>
        <li>
          <strong>Terrorist financing</strong> means raising, using, possessing or arranging funds or other property for
          the purposes of terrorism, as set out in the Terrorism Act 2000.
        </li>
        <li>
          <strong>Customer</strong> means any person who holds an account on {company.brand}, including a person who
          receives a voucher as a gift.
        </li>
        <li>
          <strong>Customer due diligence (CDD)</strong> means identifying and verifying a customer and understanding the
          purpose and intended nature of their use of our services.
        </li>
        <li>
          <strong>Enhanced due diligence (EDD)</strong> means the additional checks we carry out when a customer or
          transaction presents a higher risk.
        </li>
        <li>
          <strong>Politically exposed person (PEP)</strong> means a person entrusted with a prominent public function,
          and their family members and known close associates.
        </li>
        <li>
          <strong>Sanctions</strong> means the financial sanctions imposed under UK law, including asset freezes on
          designated persons.
        </li>
        <li>
          <strong>Money Laundering Reporting Officer (MLRO)</strong> means the senior person we have appointed as our
          nominated officer, responsible for receiving internal reports of suspicion and deciding whether to report to
          the National Crime Agency.
        </li>
        <li>
          <strong>Suspicious Activity Report (SAR)</strong> means a report made to the National Crime Agency about
          knowledge or suspicion of money laundering or terrorist financing.
        </li>
        <li>
          <strong>Verified corporate email address</strong> means an email address issued by a customer’s employer, used
          by the customer through their employment, and confirmed by us as belonging to the customer.
        </li>
      </ul>
    ),
  },
  {
    id: 'regulatory-framework',
    heading: 'Regulatory Framework',
    body: (
      <>
        <p>Our controls are designed to meet the requirements of the following United Kingdom law:</p>
        <ul>
          <li>
            <strong>The Proceeds of Crime Act 2002</strong>, which creates the principal money laundering offences, the
            duty to report suspicion and the offence of tipping off;
          </li>
          <li>
            <strong>The Terrorism Act 2000</strong>, which creates the terrorist financing offences and the related
            duties to report;
          </li>
          <li>
            <strong>
              The Money Laundering, Terrorist Financing and Transfer of Funds (Information on the Payer) Regulations
              2017
            </strong>
            , which set out the requirements for risk assessment, customer due diligence, ongoing monitoring, record
            keeping, training and internal controls; and
          </li>
          <li>
            <strong>The Sanctions and Anti-Money Laundering Act 2018</strong>, under which the UK imposes financial
            sanctions and other measures.
          </li>
        </ul>
        <p>
          The <strong>National Crime Agency (NCA)</strong>, through the UK Financial Intelligence Unit, receives
          Suspicious Activity Reports. The <strong>Office of Financial Sanctions Implementation (OFSI)</strong>, part of
          HM Treasury, implements and enforces financial sanctions and maintains the consolidated list of designated
          persons against which we screen. We also take account of guidance published by UK government and industry
          bodies.
        </p>
      </>
    ),
  },
  {
    id: 'risk-assessment',
    heading: 'Risk Assessment',
    body: (
      <>
        <p>
          We maintain a written, business-wide assessment of the money laundering and terrorist financing risks we face,
          taking into account:
        </p>
        <ul>
          <li>
            <strong>Customer risk</strong>, such as a customer’s identity checks, sanctions or PEP status, and account
            history;
          </li>
          <li>
            <strong>Product risk</strong>, including the values of vouchers bought, gifting to third parties, exchanges
            between merchants and conversion to UGM Credit;
          </li>
          <li>
            <strong>Transaction risk</strong>, such as unusual volumes, frequencies or patterns of purchases, gifts,
            exchanges or conversions;
          </li>
          <li>
            <strong>Delivery channel risk</strong>, as all of our services are provided online without face-to-face
            contact; and
          </li>
          <li>
            <strong>Geographic risk</strong>, including links to high-risk or sanctioned jurisdictions.
          </li>
        </ul>
        <p>
          Each customer is given a risk rating of low, medium or high, which determines the level of due diligence and
          monitoring we apply. Risk ratings are reviewed <strong>at least annually</strong> for low-risk customers,{' '}
          <strong>semi-annually</strong> for medium-risk customers and <strong>quarterly</strong> for high-risk
          customers, and at any time when a monitoring alert, a change in a customer’s circumstances or new information
          suggests the risk may have changed. The business-wide assessment is updated whenever we launch a new product
          or feature, or when our regulatory obligations or the risks we face change.
        </p>
      </>
    ),
  },
  {
    id: 'customer-due-diligence',
    heading: 'Customer Due Diligence',
    body: (
      <>
        <p>
          We carry out customer due diligence before a customer can use our services and keep it up to date for as long
          as the relationship lasts.
        </p>
        <ul>
          <li>
            <strong>Corporate email requirement:</strong> users must sign in with a verified corporate email address
            that they use through their employment. Regular users without one, or who do not use it through their
            employment, cannot use our services.
          </li>
          <li>
            <strong>Verification:</strong> we confirm control of the email address through a one-time sign-in code or a
            verified Google account, and record the customer’s full name. Where the risk requires it, we verify identity
            further through our licensed identity verification providers.
          </li>
          <li>
            <strong>Screening:</strong> customers are screened against the UK sanctions list and for PEP status when
            they join and on an ongoing basis.
          </li>
          <li>
            <strong>Enhanced due diligence:</strong> for high-risk customers, PEPs and unusual transactions we may ask
            for further information, including evidence of identity and the source of the funds used, and require senior
            management approval before the relationship continues.
          </li>
          <li>
            <strong>One account per person:</strong> we do not allow anonymous accounts, accounts in false names or
            multiple accounts held by the same person.
          </li>
        </ul>
        <p>
          If we cannot complete customer due diligence to our satisfaction, we will not open an account, carry out a
          transaction or continue the relationship, and we will consider whether a Suspicious Activity Report is
          required.
        </p>
      </>
    ),
  },
  {
    id: 'ongoing-monitoring',
    heading: 'Ongoing Monitoring',
    body: (
      <>
        <p>
          All accounts and transactions are subject to <strong>real-time transaction and identity monitoring</strong>{' '}
          provided by licensed third parties. Our monitoring rules are designed to detect activity that is inconsistent
          with what we know about a customer, including:
        </p>
        <ul>
          <li>purchases of unusually high value or frequency;</li>
          <li>repeated purchases followed quickly by exchanges or conversion to UGM Credit;</li>
          <li>large numbers of gifts sent to unconnected recipients;</li>
          <li>the use of several payment cards, or of cards in other people’s names;</li>
          <li>signs that one person controls several accounts; and</li>
          <li>possible matches against sanctions or PEP lists.</li>
        </ul>
        <p>
          Every alert is <strong>reviewed by our compliance team within 24 hours</strong>. The reviewer records the
          outcome and, where a concern remains, escalates it to the MLRO. While an alert is under review we may pause
          the transaction or restrict the account.
        </p>
      </>
    ),
  },
  {
    id: 'record-keeping',
    heading: 'Record Keeping',
    body: (
      <>
        <p>We keep the following records:</p>
        <ul>
          <li>customer due diligence information and the evidence used to verify it;</li>
          <li>records of all transactions, including purchases, gifts, activations, exchanges and conversions;</li>
          <li>monitoring alerts, investigations and the decisions reached;</li>
          <li>internal suspicion reports and the MLRO’s decisions on them; and</li>
          <li>staff training records.</li>
        </ul>
        <p>
          Records are kept <strong>for at least 5 years</strong> from the end of the business relationship or the date
          of the transaction, and longer where the law or a request from a competent authority requires it. They are
          stored securely, with access restricted to those who need it, and are deleted when they are no longer
          required.
        </p>
      </>
    ),
  },
  {
    id: 'suspicious-activity-reporting',
    heading: 'Suspicious Activity Reporting',
    body: (
      <>
        <p>
          We have appointed a <strong>Money Laundering Reporting Officer (MLRO)</strong> as our nominated officer. Any
          employee or contractor who knows or suspects, or has reasonable grounds to know or suspect, that a person is
          engaged in money laundering or terrorist financing must report it to the MLRO promptly.
        </p>
        <ul>
          <li>
            The MLRO considers each internal report and, where the suspicion is justified, submits a{' '}
            <strong>Suspicious Activity Report (SAR) to the National Crime Agency</strong>.
          </li>
          <li>
            Where a transaction may involve criminal property, the MLRO requests a defence against money laundering from
            the NCA before we allow it to proceed.
          </li>
          <li>
            Where a customer or transaction matches a sanctions designation, we freeze the assets concerned and report
            to OFSI.
          </li>
          <li>
            <strong>No tipping off:</strong> staff must not tell a customer or anyone else that a report has been or may
            be made, or that an investigation is under way. Doing so can be a criminal offence.
          </li>
        </ul>
        <p>
          We cooperate fully with law enforcement and regulators, and respond promptly to lawful requests for
          information.
        </p>
      </>
    ),
  },
  {
    id: 'training',
    heading: 'Training',
    body: (
      <p>
        All staff whose work is relevant to preventing financial crime receive anti-money laundering, counter terrorist
        financing and sanctions training when they join and at least once a year after that. The training covers the law
        and their personal obligations, how to recognise suspicious activity in a gift voucher marketplace, how to make
        an internal report, and the offence of tipping off. The MLRO and compliance team receive additional specialist
        training. We keep records of all training completed.
      </p>
    ),
  },
  {
    id: 'governance',
    heading: 'Governance',
    body: (
      <ul>
        <li>
          Our board of directors has overall responsibility for our anti-money laundering arrangements and approves this
          policy.
        </li>
        <li>
          The MLRO is responsible for the day-to-day operation of our controls, has the authority and resources needed
          to carry out the role, and reports to the board at least once a year on how effective the controls are.
        </li>
        <li>
          Where we rely on third parties for payments, identity verification or transaction monitoring, we check that
          they are appropriately licensed, oversee their performance and remain responsible for meeting our own
          obligations.
        </li>
        <li>
          Our controls are tested independently from time to time, and any weaknesses found are tracked until they are
          fixed.
        </li>
      </ul>
    ),
  },
  {
    id: 'data-protection',
    heading: 'Data Protection',
    body: (
      <>
        <p>
          We process personal data for anti-money laundering purposes because the law requires us to, in line with the
          UK General Data Protection Regulation and the Data Protection Act 2018. Data collected for these purposes is
          used only to prevent money laundering, terrorist financing and sanctions breaches, or as otherwise permitted
          by law, and is protected by strict access controls.
        </p>
        <p>
          Some data protection rights may be restricted where complying with them would prejudice the prevention or
          detection of crime. Our{' '}
          <Link to={paths.privacy} className={linkClass}>
            Privacy Policy
          </Link>{' '}
          explains in full how we handle personal data and the rights you have.
        </p>
      </>
    ),
  },
  {
    id: 'review',
    heading: 'Review',
    body: (
      <>
        <p>
          The MLRO reviews this policy at least once a year, and sooner if the law, guidance, our services or the risks
          we face change. Any changes are approved by the board, and the date at the top of this page shows when the
          policy was last updated.
        </p>
        <p>
          Questions about this policy, or concerns about possible financial crime on our platform, can be sent to our
          compliance team at {complianceEmailLink}.
        </p>
      </>
    ),
  },
];

export function AmlPolicyPage() {
  return (
    <PolicyPage
      title="Anti-Money Laundering Policy"
      updated="Last updated: June 2, 2025"
      description={`How ${company.legalName} prevents money laundering, terrorist financing and sanctions breaches on ${company.brand}, in line with UK law.`}
      intro={
        <p>
          {company.legalName} is committed to preventing financial crime. This policy explains the anti-money
          laundering, counter terrorist financing and sanctions controls that apply to everyone who uses {company.brand}
          , including the requirement to sign in with a verified corporate email address.
        </p>
      }
      sections={sections}
    />
  );
}
