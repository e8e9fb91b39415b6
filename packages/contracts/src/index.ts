export * from './constants.ts';
export * from './messages.ts';
export * from './rules.ts';
export * from './schemas/auth.ts';
export * from './schemas/common.ts';
export * from './schemas/core.ts';
export * from './schemas/moderation.ts';
export * from './schemas/profile.ts';
