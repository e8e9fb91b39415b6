// Notifications (DESIGN §9.3): the list and marking read (GET /api/core/notifications/, POST …/read/),
// and the mail settings (GET/PATCH /api/auth/notification-settings/).
import { z } from 'zod';
import { NOTIFICATION_MAIL_TYPES, NOTIFICATION_TYPES } from '../constants.ts';
import { bool, isoDateTime, pageQuery } from './common.ts';

export const notification = z.object({
  /** Random (a counter's order would date a rating received against one's other notifications). */
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  /**
   * When it happened. For a rating received, the day only (India's day, as `dayOnly` carries it), as an anonymous rating shows
   * it: the exact time could point at its author.
   */
  created_at: isoDateTime,
  read_at: isoDateTime.nullable(),
  /** The web app's path of what it is about. */
  link: z.string(),
  /** What the text needs, by type: `outcome`, `reason`, `ratee_name`, `grievance_number`, `company_name`. */
  params: z.record(z.string(), z.string()),
});
export type Notification = z.infer<typeof notification>;

export const notificationsQuery = pageQuery(20);

export const notificationsResponse = z.object({
  count: z.number().int(),
  unread: z.number().int(),
  results: z.array(notification),
});
export type NotificationsResponse = z.infer<typeof notificationsResponse>;

/**
 * Marks the given notifications, or all of the caller's, read: `{"ids"}` or `{"all": true}`. One object
 * with both optional rather than a union of two, so that a bad id is answered at that id, not as
 * "matches neither".
 */
export const markReadRequest = z
  .object({
    ids: z
      .array(z.uuid({ error: 'Not a notification.' }))
      .min(1, 'Name at least one notification.')
      .max(100, 'At most 100 at once.')
      .optional(),
    all: z.literal(true, { error: 'Must be true.' }).optional(),
  })
  .refine((which) => (which.ids === undefined) !== (which.all === undefined), {
    error: 'Send either "ids" or "all": true.',
  });
export type MarkReadRequest = z.input<typeof markReadRequest>;

export const notificationSettings = z.object({
  /** Mail for each type a mail may tell of: on (every type by default) or off. */
  email: z.record(z.enum(NOTIFICATION_MAIL_TYPES), z.boolean()),
  /** One mail a day with everything new, instead of one mail a notification. */
  daily_digest: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettings>;

export const notificationSettingsPatch = z.object({
  email: z
    .partialRecord(
      z.enum(NOTIFICATION_MAIL_TYPES, { error: 'Not a notification type sent by mail.' }),
      bool(),
    )
    .optional(),
  daily_digest: bool().optional(),
});
export type NotificationSettingsPatch = z.input<typeof notificationSettingsPatch>;
