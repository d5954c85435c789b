// The terms text shown on the terms screen. Its version is stored with every acceptance:
// changing the text means bumping TERMS_VERSION, which makes everyone accept again.
export const TERMS_VERSION = '2026-11-23';

export const TERMS_TEXTS = {
  title: 'Terms and Conditions',
  checkbox: 'I have read and agree to the terms and conditions.',
  submit: 'Agree and Continue',
  submitting: 'Submitting...',
  scrollHint: 'Please scroll to the end of the terms to continue.',
} as const;

interface TermsSection {
  heading: string;
  body: string;
}

// Every point the spec lists (section 2, 'Terms screen') has its own section.
export const TERMS_SECTIONS: readonly TermsSection[] = [
  {
    heading: '1. Eligibility',
    body: 'You must be at least 13 years old to use the Legacy Capsule portal. If you are under the age of majority where you live, a parent or guardian must agree to these terms on your behalf.',
  },
  {
    heading: '2. Your capsules and content ownership',
    body: 'By uploading a video, message or document you confirm you have the right to do so. Ownership of the content you upload passes to the provider, which holds it in order to store it and deliver it to the recipients you choose, under these terms.',
  },
  {
    heading: '3. Deleting a capsule',
    body: 'A sender may delete a capsule at any time before it is delivered. Once a capsule has been delivered to its recipient it can no longer be deleted by the sender.',
  },
  {
    heading: '4. Payments and refunds',
    body: 'Capsules and storage plans are bought in our store. All sales are final: no refunds are given, in whole or in part, once a purchase is complete.',
  },
  {
    heading: '5. Limitation of liability',
    body: 'To the fullest extent permitted by law, our total liability to you for any claim is limited to the lesser of CAD 100 or the amounts you paid us in the 12 months before the claim arose.',
  },
  {
    heading: '6. Arbitration',
    body: 'Any dispute will be resolved by binding arbitration in Ottawa, Ontario. You may opt out of arbitration by writing to us within 30 days of first accepting these terms.',
  },
  {
    heading: '7. Governing law',
    body: 'These terms are governed by the laws of the Province of Ontario and the federal laws of Canada that apply there.',
  },
  {
    heading: '8. Changes to these terms',
    body: 'When these terms change we will ask you to read and accept them again before you continue to use the portal.',
  },
];
