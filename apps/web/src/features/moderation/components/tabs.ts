// The moderation page's tabs (their `?tab=` keys and labels), shared with the moderator's dashboard,
// which links to each queue without loading the page's components.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { FlagQueueStatus } from '../api/get-flags';

export type ModerationTab = FlagQueueStatus | 'disputes' | 'appeals' | 'grievances' | 'audit';

export const MODERATION_TABS: Record<ModerationTab, MessageDescriptor> = {
  open: msg`Open Flags`,
  resolved: msg`Resolved`,
  disputes: msg`Disputes`,
  appeals: msg`Appeals`,
  grievances: msg`Grievances`,
  audit: msg`Audit Log`,
};
