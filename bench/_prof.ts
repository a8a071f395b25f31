import { benchLabel } from './label.ts';
const r = await benchLabel('/work/shared/data/spider', '/work/shared/data/real-candidates/spider-dev-A.jsonl', 2);
console.log(JSON.stringify(r));
process.exit(0);
