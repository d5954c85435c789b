import { randomInt } from 'node:crypto';

// A referral code people can read aloud and type: up to 6 letters of the affiliate's name and
// 4 random characters without look-alikes (no 0/O, 1/I/L), e.g. MARGAR7K2Q. Made by the server
// only; the database's unique index settles the rare clash (the service tries again).

const RANDOM_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

function namePrefix(fullName: string): string {
  const letters = fullName
    .normalize('NFKD')
    .replace(/[^A-Za-z]/g, '')
    .toUpperCase();
  return letters.length >= 2 ? letters.slice(0, 6) : 'REF';
}

export function makeAffiliateCode(fullName: string): string {
  let suffix = '';
  for (let i = 0; i < 4; i += 1) suffix += RANDOM_ALPHABET[randomInt(RANDOM_ALPHABET.length)];
  return `${namePrefix(fullName)}${suffix}`;
}
