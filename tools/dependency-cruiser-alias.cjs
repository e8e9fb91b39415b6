// The web app's `@/` import alias for dependency-cruiser (see .dependency-cruiser.cjs).
const { join } = require('node:path');

module.exports = { resolve: { alias: { '@': join(__dirname, '../apps/web/src') } } };
