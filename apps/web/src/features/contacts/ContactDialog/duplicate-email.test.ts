import { describe, expect, it } from 'vitest';
import { contactWithEmail } from './duplicate-email';

const contacts = [
  { id: 'a', fullName: 'Grace Hopper', email: 'grace@navy.example' },
  { id: 'b', fullName: 'Alan Turing', email: 'Alan@Bletchley.example' },
];

describe('contactWithEmail', () => {
  it('finds the contact with the address, in any case and with spaces around', () => {
    expect(contactWithEmail(contacts, ' GRACE@navy.example ')?.fullName).toBe('Grace Hopper');
    expect(contactWithEmail(contacts, 'alan@bletchley.example')?.fullName).toBe('Alan Turing');
  });

  it('finds nothing for a new address, a blank one, or the edited contact itself', () => {
    expect(contactWithEmail(contacts, 'ada@example.com')).toBeNull();
    expect(contactWithEmail(contacts, '  ')).toBeNull();
    expect(contactWithEmail(contacts, 'grace@navy.example', 'a')).toBeNull();
  });
});
