// Fixed values of CHECK-constrained text columns (migrations/src) that the domain package
// does not already name.

export type SyncStatus = 'pending' | 'synced' | 'failed';
export type SessionStageValue = 'password' | 'verified';
export type AuthFailureScope = 'login_account' | 'login_ip' | 'otp_account' | 'otp_ip';
export type PaymentStatus =
  | 'pending'
  | 'succeeded'
  | 'failed'
  | 'refunded'
  | 'partially_refunded'
  | 'disputed';
export type LapseReason = 'payment_failed' | 'cancelled';
export type DocumentVerificationStatus = 'Submitted' | 'Verified' | 'Rejected';
