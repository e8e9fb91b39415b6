// Values shared by playwright.config.ts (which starts the server) and the specs.

/** The moderator account the server ensures at start (MODERATOR_EMAIL / MODERATOR_PASSWORD). */
export const E2E_MODERATOR = { email: 'moderator@worktrust.test', password: 'moderator-e2e-password' };
