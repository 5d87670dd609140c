/**
 * The outreach feature's public face: the three public forms of docs/product/information-pages.md#routes-and-rules (newsletter,
 * contact, partnership). The info pages and the footer use these; nothing else is imported from
 * inside this folder.
 */
export { ContactForm } from './components/contact-form';
export { DeferredNewsletterForm } from './components/deferred-newsletter-form';
export { NewsletterForm } from './components/newsletter-form';
export { PartnershipForm } from './components/partnership-form';
