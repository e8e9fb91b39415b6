// What test/global-setup.ts hands the test files (vitest's provide and inject).
declare module 'vitest' {
  export interface ProvidedContext {
    /** The embedded template's file, or '' on PostgreSQL. */
    pgliteTemplate: string;
    /** The template database's name on TEST_DATABASE_URL's server, or '' on the embedded database. */
    postgresTemplate: string;
  }
}

export {};
