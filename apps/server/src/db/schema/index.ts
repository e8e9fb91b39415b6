// Drizzle definitions mirroring drizzle/*.sql (the migrations are the source of truth for
// constraints and indexes; these give typed queries). The lists of allowed values come from the
// contracts; test/db/enums.test.ts checks the database's CHECK constraints against the same lists.

import {
  APPEAL_STATUSES,
  AUTOMATIC_FLAG_RULES,
  DEFAULT_LANGUAGE,
  DISPUTE_OUTCOMES,
  DISPUTE_REASONS,
  DISPUTE_STATUSES,
  FLAG_REASONS,
  FLAG_STATUSES,
  type FlagFacts,
  GRIEVANCE_CATEGORIES,
  GRIEVANCE_STATUSES,
  LANGUAGES,
  MODERATION_ACTIONS,
  MODERATION_TARGETS,
  PERSONAL_DATA_KINDS,
  PERSONAL_DATA_TEXTS,
  RANKING_PRIOR_MEAN,
  RATING_STATUSES,
  ROLE_CONTEXTS,
  USER_ROLES,
  type WorkEntry,
} from '@workspace/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** A rating's category scores, by category name. */
export type RatingScores = Record<string, number>;

/** A user's sums and counts of category scores, by category name (ratings/aggregates.ts keeps them exact). */
export type CategoryTotals = Record<string, { sum: number; count: number }>;

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable('users', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  userCode: text('user_code').notNull().unique(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  fullName: text('full_name').notNull(),
  userRole: text('user_role', { enum: USER_ROLES }).notNull(),
  city: text('city').notNull().default(''),
  linkedinUrl: text('linkedin_url'),
  avatar: text('avatar'),
  skills: text('skills').array().notNull().default(sql`'{}'`),
  skillsLc: text('skills_lc').array().notNull().default(sql`'{}'`),
  workHistory: jsonb('work_history').$type<WorkEntry[]>().notNull().default([]),
  showRatingDetails: boolean('show_rating_details').notNull().default(true),
  language: text('language', { enum: LANGUAGES }).notNull().default(DEFAULT_LANGUAGE),
  isActive: boolean('is_active').notNull().default(true),
  dateJoined: ts('date_joined').notNull().defaultNow(),
  ratingSumTenths: integer('rating_sum_tenths').notNull().default(0),
  totalRatingsReceived: integer('total_ratings_received').notNull().default(0),
  ratingTenths: smallint('rating_tenths').notNull().default(0),
  scoreHistogram: integer('score_histogram').array().notNull().default(sql`'{0,0,0,0,0}'`),
  /** Per category, over the published ratings received: only categories that count (drizzle/0024). */
  categoryTotals: jsonb('category_totals').$type<CategoryTotals>().notNull().default({}),
  // A user with no ratings ranks at the prior mean (ratings/aggregates.ts has the formula). Drizzle
  // writes the current constant on insert; the column's SQL default (3.5, drizzle/0001) cannot follow it.
  rankScore: doublePrecision('rank_score')
    .notNull()
    .$defaultFn(() => RANKING_PRIOR_MEAN),
  /** Moves with every change to what others see of this user (drizzle/0007, ADR 0007). */
  viewVersion: bigint('view_version', { mode: 'number' }).notNull().default(0),
  /** Companies: the declared domain that verifies their employees (drizzle/0016, ADR 0018). */
  emailDomain: text('email_domain'),
  /** When the account proved its sign-in address (drizzle/0030); a new address clears it. */
  emailVerifiedAt: ts('email_verified_at'),
  /** Companies: raters whose ratings of them carry the verified badge (a trigger counts them, drizzle/0029). */
  verifiedRaters: integer('verified_raters').notNull().default(0),
});

/**
 * A rating's id is random in [1, 2^53), drawn by the database's default (drizzle/0014, ADR 0016): no
 * sequence, so ids tell nothing about when a rating was written. Every column holding one is bigint,
 * read as a JavaScript number (exact below 2^53).
 */
const ratingIdColumn = (name: string) => bigint(name, { mode: 'number' });

export const ratings = pgTable('ratings', {
  id: ratingIdColumn('id').primaryKey().default(sql`random_rating_id()`),
  raterId: integer('rater_id')
    .notNull()
    .references(() => users.id),
  rateeId: integer('ratee_id')
    .notNull()
    .references(() => users.id),
  roleContext: text('role_context', { enum: ROLE_CONTEXTS }).notNull(),
  isAnonymous: boolean('is_anonymous').notNull().default(false),
  feedbackMessage: text('feedback_message'),
  overallTenths: smallint('overall_tenths').notNull(),
  /** Its score (1..5) by category, for the categories it rates (drizzle/0025). */
  scores: jsonb('scores').$type<RatingScores>().notNull(),
  status: text('status', { enum: RATING_STATUSES }).notNull().default('published'),
  createdAt: ts('created_at').notNull().defaultNow(),
  editedAt: ts('edited_at'),
  /** Its rater's account was fresh when it was written (ratings/unusual-activity.ts, drizzle/0022). */
  fromFreshAccount: boolean('from_fresh_account').notNull().default(false),
  /** Its rater was verified at the rated company when it was written; never recomputed (drizzle/0029, ADR 0018). */
  verifiedEmployee: boolean('verified_employee').notNull().default(false),
  /**
   * An edit of an anonymous rating that others see, waiting for the next day in India (drizzle/0051,
   * ADR 0030): the fields it changes; its author alone sees them until the release applies them.
   */
  heldEdit: jsonb('held_edit').$type<HeldEdit>(),
  /** When its author last made that edit; its day decides when it is released. */
  heldEditAt: ts('held_edit_at'),
  /**
   * When its author deleted their account with their ratings while this anonymous one was seen by
   * others (drizzle/0055, ADR 0015): it waits, tied to no person, for the next day's release to delete it.
   */
  authorErasedAt: ts('author_erased_at'),
});

/** The fields of a held edit: a key present is a field changed (scores come with their overall). */
export interface HeldEdit {
  scores?: RatingScores;
  overall_tenths?: number;
  feedback_message?: string | null;
}

/** What stays of a withdrawn rating: its context and dates, no person (drizzle/0009, ADR 0013). */
export const withdrawnRatings = pgTable('withdrawn_ratings', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  roleContext: text('role_context', { enum: ROLE_CONTEXTS }).notNull(),
  createdAt: ts('created_at').notNull(),
  withdrawnAt: ts('withdrawn_at').notNull().defaultNow(),
});

export const ratingReplies = pgTable('rating_replies', {
  ratingId: ratingIdColumn('rating_id')
    .primaryKey()
    .references(() => ratings.id, { onDelete: 'cascade' }),
  message: text('message').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  hiddenAt: ts('hidden_at'),
  hiddenReason: text('hidden_reason'),
});

/** A rating's dispute, kept when its rating is withdrawn (no foreign key, drizzle/0031). */
export const ratingDisputes = pgTable('rating_disputes', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  ratingId: ratingIdColumn('rating_id').notNull().unique(),
  reason: text('reason', { enum: DISPUTE_REASONS }).notNull(),
  details: text('details').notNull(),
  status: text('status', { enum: DISPUTE_STATUSES }).notNull().default('open'),
  outcome: text('outcome', { enum: DISPUTE_OUTCOMES }),
  decisionReason: text('decision_reason'),
  createdAt: ts('created_at').notNull().defaultNow(),
  dueAt: ts('due_at').notNull(),
  decidedAt: ts('decided_at'),
  decidedBy: integer('decided_by').references(() => users.id),
});

/** An author's appeal, kept when its rating is withdrawn (no foreign key, drizzle/0031). */
export const ratingAppeals = pgTable('rating_appeals', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  ratingId: ratingIdColumn('rating_id').notNull().unique(),
  message: text('message').notNull(),
  status: text('status', { enum: APPEAL_STATUSES }).notNull().default('open'),
  decisionReason: text('decision_reason'),
  createdAt: ts('created_at').notNull().defaultNow(),
  decidedAt: ts('decided_at'),
  decidedBy: integer('decided_by').references(() => users.id),
});

/** Who waits until when to rate someone again after withdrawing a rating under moderation (drizzle/0031). */
export const ratingCooldowns = pgTable(
  'rating_cooldowns',
  {
    raterId: integer('rater_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rateeId: integer('ratee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleContext: text('role_context', { enum: ROLE_CONTEXTS }).notNull(),
    until: ts('until').notNull(),
  },
  (t) => [primaryKey({ columns: [t.raterId, t.rateeId, t.roleContext] })],
);

export const refreshFamilies = pgTable('refresh_families', {
  id: text('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  currentJtiHash: text('current_jti_hash').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  revokedAt: ts('revoked_at'),
  /** The User-Agent the session was started with, cut to 512 characters (drizzle/0011). */
  userAgent: text('user_agent'),
  lastUsedAt: ts('last_used_at').notNull().defaultNow(),
  /** The token the family last rotated away from, and when: a repeat within the grace window is no theft (drizzle/0012). */
  previousJtiHash: text('previous_jti_hash'),
  rotatedAt: ts('rotated_at'),
  /** Rotations so far: the current refresh token's id is derived from the family and this count. */
  generation: integer('generation').notNull().default(0),
});

export const passwordResets = pgTable('password_resets', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  codeHash: text('code_hash').notNull(),
  attempts: smallint('attempts').notNull().default(0),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** A code sent to an employee's work address, until used or replaced (drizzle/0016): no address. */
export const workEmailCodes = pgTable('work_email_codes', {
  employeeId: integer('employee_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  companyId: integer('company_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  domain: text('domain').notNull(),
  addressHmac: text('address_hmac').notNull(),
  codeHash: text('code_hash').notNull(),
  tries: integer('tries').notNull().default(0),
  expiresAt: ts('expires_at').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** A code mailed to an account's own sign-in address, until used or replaced (drizzle/0030). */
export const emailCodes = pgTable('email_codes', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  tries: integer('tries').notNull().default(0),
  expiresAt: ts('expires_at').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** An employee's proof of working at a company: the company, the domain and the date only. */
export const employmentVerifications = pgTable(
  'employment_verifications',
  {
    employeeId: integer('employee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    verifiedAt: ts('verified_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.employeeId, t.companyId] })],
);

/** A flag on a rating, kept when its rating is withdrawn (no foreign key, drizzle/0031). */
export const flags = pgTable('flags', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  ratingId: ratingIdColumn('rating_id').notNull(),
  /** Null for the automatic check's flags (reason UNUSUAL_ACTIVITY, drizzle/0015). */
  reporterId: integer('reporter_id').references(() => users.id),
  /** The rating's ratee, set from the rating by a trigger on insert (drizzle/0017). */
  rateeId: integer('ratee_id'),
  reason: text('reason', { enum: FLAG_REASONS }).notNull(),
  /** Which rule raised an automatic flag; null on a person's flag (drizzle/0033). */
  rule: text('rule', { enum: AUTOMATIC_FLAG_RULES }),
  /** For the copied-text rules, the rating whose text matched (drizzle/0033). */
  matchedRatingId: bigint('matched_rating_id', { mode: 'number' }),
  /** A person's own words; null on an automatic flag, which has its figures in `facts`. */
  details: text('details'),
  /** An automatic flag's figures (contracts' FlagFacts, drizzle/0045); null on a person's flag. */
  facts: jsonb('facts').$type<FlagFacts>(),
  /**
   * From when an automatic flag may show its profile's public notice; null: at once. A burst that a
   * held anonymous rating completed shows from the next day in India (drizzle/0050, ADR 0030).
   */
  noticeFrom: ts('notice_from'),
  status: text('status', { enum: FLAG_STATUSES }).notNull().default('open'),
  createdAt: ts('created_at').notNull().defaultNow(),
  resolvedAt: ts('resolved_at'),
  resolvedBy: integer('resolved_by').references(() => users.id),
});

export const moderationActions = pgTable('moderation_actions', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  /** Null only for 'delete_account': the account holder acted (drizzle/0011). */
  moderatorId: integer('moderator_id').references(() => users.id),
  action: text('action', { enum: MODERATION_ACTIONS }).notNull(),
  targetType: text('target_type', { enum: MODERATION_TARGETS }).notNull(),
  /** A rating's id (random, up to 2^53) or another row's: bigint for the former (drizzle/0014). */
  targetId: bigint('target_id', { mode: 'number' }).notNull(),
  reason: text('reason'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Ratings a suspension hid (drizzle/0002_moderation.sql); reinstating publishes exactly these. */
export const suspensionHiddenRatings = pgTable('suspension_hidden_ratings', {
  ratingId: ratingIdColumn('rating_id')
    .primaryKey()
    .references(() => ratings.id, { onDelete: 'cascade' }),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  /**
   * Set when the user was reinstated on an anonymous rating that waits for the next day's release
   * (drizzle/0052, ADR 0030); null while the suspension lasts.
   */
  reinstatedAt: ts('reinstated_at'),
  /**
   * Set when the suspension left this anonymous rating published until the next day's release, which
   * hides it then and clears this (drizzle/0054, ADR 0030): its rating is still published meanwhile.
   */
  leavingSince: ts('leaving_since'),
});

/** Acceptances of a privacy notice version (drizzle/0011). */
export const consents = pgTable('consents', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  version: text('version').notNull(),
  acceptedAt: ts('accepted_at').notNull().defaultNow(),
});

/** Texts refused for personal data, counted by month, kind of text and kind of data (drizzle/0034). */
export const personalDataRefusals = pgTable(
  'personal_data_refusals',
  {
    month: date('month', { mode: 'string' }).notNull(),
    text: text('text', { enum: PERSONAL_DATA_TEXTS }).notNull(),
    kind: text('kind', { enum: PERSONAL_DATA_KINDS }).notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.text, t.kind] })],
);

/** Grievances (drizzle/0011): user_id is null for visitors and after the account is deleted. */
export const grievances = pgTable('grievances', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  category: text('category', { enum: GRIEVANCE_CATEGORIES }).notNull(),
  subjectUrl: text('subject_url'),
  details: text('details').notNull(),
  email: text('email'),
  status: text('status', { enum: GRIEVANCE_STATUSES }).notNull().default('open'),
  createdAt: ts('created_at').notNull().defaultNow(),
  dueAt: ts('due_at').notNull(),
  closedAt: ts('closed_at'),
  closedBy: integer('closed_by').references(() => users.id),
  closeReason: text('close_reason'),
  /** The language it was filed in (drizzle/0040): its mails are in it. */
  language: text('language', { enum: LANGUAGES }).notNull().default(DEFAULT_LANGUAGE),
});
export type GrievanceRow = typeof grievances.$inferSelect;

export type UserRow = typeof users.$inferSelect;
export type RatingRow = typeof ratings.$inferSelect;
