/**
 * The audit log's actions, with the label /user-logs shows for each. A server module records
 * an action with `recordAudit` (server/features/audit/audit-repository.ts) in the transaction of
 * the change; add the action here first so the filter and the label know it.
 */
export const AUDIT_ACTIONS = {
  'auth.sign_in': 'Signed in',
  'auth.sign_out': 'Signed out',
  'auth.password_change': 'Changed password',
  'auth.password_reset': 'Reset password',
  'user.create': 'Created user',
  'user.update': 'Edited user',
  'user.deactivate': 'Deactivated user',
  'user.activate': 'Activated user',
  'user.reset_mail': 'Sent password reset',
  'user.unlock': 'Cleared sign-in lock',
  'role.create': 'Created role',
  'role.update': 'Edited role',
  'role.delete': 'Deleted role',
  'role.permissions': 'Changed role permissions',
  'role.two_factor': 'Changed role two-factor requirement',
  'two_factor.enable': 'Turned on two-factor sign-in',
  'two_factor.disable': 'Turned off two-factor sign-in',
  'two_factor.recovery_codes': 'Made new recovery codes',
  'two_factor.recovery_used': 'Signed in with a recovery code',
  'two_factor.reset': 'Reset two-factor sign-in',
  'session.kick': 'Kicked user',
  'session.park': 'Parked user',
  'service_token.create': 'Created API token',
  'service_token.revoke': 'Revoked API token',
  'service.create': 'Created service',
  'service.update': 'Edited service',
  'service.rotate_secret': 'Rotated service signing secret',
  'subscriber.update': 'Edited subscriber',
  'pool.create': 'Created pool',
  'pool.update': 'Edited pool',
  'pool.delete': 'Deleted pool',
  'saved_report.create': 'Saved a report',
  'saved_report.update': 'Edited a saved report',
  'saved_report.delete': 'Deleted a saved report',
  'settings.save': 'Saved settings',
  'media.event': 'Media event',
  'delivery.redeliver': 'Redelivered a result',
  'delivery.redeliver_failed': 'Redelivered failed results',
  'delivery.pause': 'Paused result delivery',
  'delivery.resume': 'Resumed result delivery',
  'delivery.enable': 'Enabled result delivery after 410',
  'ai.retry': 'Retried the AI on an item',
  'ai.retry_failed': 'Retried the AI on failed items',
  'content.send': 'Sent content through the content sender',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]];
