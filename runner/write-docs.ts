// npm run docs: writes docs/RULES.md (properties), docs/RULES-COVERAGE.md (fixed cases) and
// docs/FAULTS.md (the named faults of the reference engine).
import { writeFileSync } from 'node:fs';
import { FAULTS_DOC, renderFaultsDoc } from '../adapters/faults/doc.ts';
import { COVERAGE_DOC, currentCoverage } from './rules-coverage.ts';
import { renderRulesDoc, ruleCheckProblems, RULES_DOC } from '../properties/rules-index.ts';

writeFileSync(RULES_DOC, renderRulesDoc());
writeFileSync(COVERAGE_DOC, currentCoverage());
writeFileSync(FAULTS_DOC, renderFaultsDoc());
console.log(`wrote ${RULES_DOC}, ${COVERAGE_DOC} and ${FAULTS_DOC}`);
for (const p of ruleCheckProblems()) console.error(p);
