// `npm run build` (last step): the embedded database's template for new data directories (template.ts).
import { TEMPLATE_FILE } from '../config/paths.ts';
import { writeTemplate } from './template.ts';

const started = performance.now();
await writeTemplate();
console.log(`Database template: ${TEMPLATE_FILE} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
