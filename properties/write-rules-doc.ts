// npm run docs: writes docs/RULES.md (properties) and docs/RULES-COVERAGE.md (fixed cases).
import { writeFileSync } from 'node:fs';
import { COVERAGE_DOC, currentCoverage } from '../runner/rules-coverage.ts';
import { renderRulesDoc, ruleCheckProblems, RULES_DOC } from './rules-index.ts';

writeFileSync(RULES_DOC, renderRulesDoc());
writeFileSync(COVERAGE_DOC, currentCoverage());
console.log(`wrote ${RULES_DOC} and ${COVERAGE_DOC}`);
for (const p of ruleCheckProblems()) console.error(p);
