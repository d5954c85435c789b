/** The name to show for a user: the full name, else the username (spec section 2, 'Header'). */
export function displayName(user: { fullName?: string | null; username?: string | null } | null): string {
  return user?.fullName?.trim() || user?.username?.trim() || '';
}
