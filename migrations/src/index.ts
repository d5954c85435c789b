import type { Migration } from 'kysely/migration';
import * as m0001 from './20261123_0001_users_and_auth.js';
import * as m0002 from './20261123_0002_contacts.js';
import * as m0003 from './20261123_0003_commerce_and_capsules.js';
import * as m0004 from './20261123_0004_affiliates_and_sync.js';
import * as m0005 from './20261123_0005_capsule_sequence.js';
import * as m0006 from './20261123_0006_codes_follow_session_rotation.js';
import * as m0007 from './20261123_0007_session_identities.js';
import * as m0008 from './20261123_0008_capsule_counters.js';
import * as m0009 from './20261123_0009_capsules_delivery_order.js';
import * as m0010 from './20261123_0010_session_identity_function.js';
import * as m0011 from './20261123_0011_video_uploads.js';
import * as m0012 from './20261124_0012_delivery.js';
import * as m0013 from './20261124_0013_document_verification.js';
import * as m0014 from './20261124_0014_stripe_and_lapse.js';
import * as m0015 from './20261124_0015_affiliates_cents.js';
import * as m0016 from './20261124_0016_sync_outbox.js';
import * as m0017 from './20261127_0017_opening_mails.js';
import * as m0018 from './20261128_0018_stored_blobs.js';
import * as m0019 from './20261128_0019_playback_renditions.js';
import * as m0020 from './20261128_0020_rendition_repairs.js';
import * as m0021 from './20261128_0021_rendition_turns.js';
import * as m0022 from './20261128_0022_capsule_trail.js';
import * as m0023 from './20261128_0023_objection_window.js';
import * as m0024 from './20261129_0024_operators.js';
import * as m0025 from './20261129_0025_birthday_rule.js';
import * as m0026 from './20261129_0026_not_before.js';
import * as m0027 from './20261129_0027_delivery_claim_order.js';

// Every migration, listed statically (not read from a folder at run time) so the server, the
// admin CLI and the tests run the same compiled list. Kysely runs them in the order of their
// names: a new file gets a later name and a line at the end here.
export const migrations: Record<string, Migration> = {
  '20261123_0001_users_and_auth': m0001,
  '20261123_0002_contacts': m0002,
  '20261123_0003_commerce_and_capsules': m0003,
  '20261123_0004_affiliates_and_sync': m0004,
  '20261123_0005_capsule_sequence': m0005,
  '20261123_0006_codes_follow_session_rotation': m0006,
  '20261123_0007_session_identities': m0007,
  '20261123_0008_capsule_counters': m0008,
  '20261123_0009_capsules_delivery_order': m0009,
  '20261123_0010_session_identity_function': m0010,
  '20261123_0011_video_uploads': m0011,
  '20261124_0012_delivery': m0012,
  '20261124_0013_document_verification': m0013,
  '20261124_0014_stripe_and_lapse': m0014,
  '20261124_0015_affiliates_cents': m0015,
  '20261124_0016_sync_outbox': m0016,
  '20261127_0017_opening_mails': m0017,
  '20261128_0018_stored_blobs': m0018,
  '20261128_0019_playback_renditions': m0019,
  '20261128_0020_rendition_repairs': m0020,
  '20261128_0021_rendition_turns': m0021,
  '20261128_0022_capsule_trail': m0022,
  '20261128_0023_objection_window': m0023,
  '20261129_0024_operators': m0024,
  '20261129_0025_birthday_rule': m0025,
  '20261129_0026_not_before': m0026,
  '20261129_0027_delivery_claim_order': m0027,
};
