import capsuleUrl from '../../../assets/received/capsule.svg';
import documentUrl from '../../../assets/received/document.svg';
import familyUrl from '../../../assets/received/family.svg';
import firstBornUrl from '../../../assets/received/first-born.svg';
import graduationUrl from '../../../assets/received/graduation.svg';
import milestoneUrl from '../../../assets/received/milestone.svg';
import retirementUrl from '../../../assets/received/retirement.svg';
import viewUrl from '../../../assets/received/view.svg';
import weddingUrl from '../../../assets/received/wedding.svg';

// The card's picture when the video has no thumbnail (spec section 2, the received card): by
// capsule type first (graduation, wedding, family, first born, retirement), else by the
// criteria's keyword (milestone, document, view), else the portal's capsule. Keywords match
// in any case and spelling ('First Born', 'first_born'). Premium_Verification names neither
// document nor view, yet opens with a verified document: it gets the document picture.
export const DEFAULT_IMAGES = {
  graduation: graduationUrl,
  wedding: weddingUrl,
  family: familyUrl,
  firstBorn: firstBornUrl,
  retirement: retirementUrl,
  milestone: milestoneUrl,
  document: documentUrl,
  view: viewUrl,
  capsule: capsuleUrl,
} as const;
export type DefaultImage = keyof typeof DEFAULT_IMAGES;

const BY_TYPE: readonly [keyword: string, image: DefaultImage][] = [
  ['graduation', 'graduation'],
  ['wedding', 'wedding'],
  ['family', 'family'],
  ['firstborn', 'firstBorn'],
  ['retirement', 'retirement'],
];

const BY_CRITERIA: readonly [keyword: string, image: DefaultImage][] = [
  ['milestone', 'milestone'],
  ['document', 'document'],
  ['verification', 'document'],
  ['view', 'view'],
];

const keyOf = (value: string | null | undefined) => (value ?? '').toLowerCase().replace(/[^a-z]/g, '');

/** Which default picture a capsule of this type and criteria gets. */
export function defaultImageOf(
  category: string | null | undefined,
  criteria: string | null | undefined,
): DefaultImage {
  const type = keyOf(category);
  const byType = BY_TYPE.find(([keyword]) => type.includes(keyword));
  if (byType) return byType[1];
  const condition = keyOf(criteria);
  return BY_CRITERIA.find(([keyword]) => condition.includes(keyword))?.[1] ?? 'capsule';
}
