/**
 * For tests: loads the signed-in pages' lazy chunk (and the map's) before a test starts, so
 * the first test of a file does not spend its 1 s of waiting on a cold module transform.
 */
export async function preloadSignedInPages(): Promise<void> {
  await import('../app/signed-in');
  await import('../features/networks/RelationshipMap/RelationshipMap');
}
