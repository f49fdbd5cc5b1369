// A repro as a JUnit 5 test for an engine built on the Java kit (dev.castcheck.kit): the engine class
// runs the repro's scenario in process (Runner.runScenario, as the kit does for castcheck), and the
// test asserts the facts that make the failure. It compiles against the engine, the kit, gson and
// JUnit, not castcheck.
import type { Repro } from '../../model/schema-types.ts';
import { actionLabel, factLabel, factsByRun, headerLines, relatedLine } from './describe.ts';
import type { ExportFacts, Fact } from './facts.ts';
import { asciiJson, javaComment, javaString, javaTextBlock, pascalName } from './literals.ts';

export interface JavaEngineRef {
  /** The engine's class, fully qualified: it implements dev.castcheck.kit.Engine and has a constructor without arguments. */
  className: string;
  /** The test class's simple name. */
  testClass: string;
}

/** The test class's name for a repro when none is given: `Castcheck<Property>Test`. */
export function defaultTestClass(repro: Repro): string {
  return `Castcheck${pascalName(repro.property?.id ?? repro.verdict)}Test`;
}

export function junitFile(repro: Repro, exported: ExportFacts, engine: JavaEngineRef): string {
  const dot = engine.className.lastIndexOf('.');
  const pkg = dot === -1 ? undefined : engine.className.slice(0, dot);
  const method = pascalName(repro.property?.id ?? repro.verdict).replace(/^./, (c) => c.toLowerCase());
  const lines = [
    javaComment(headerLines(repro, exported, 'junit').join('\n')),
    '//',
    javaComment('Needs the engine, the castcheck kit for Java (dev.castcheck.kit), gson and JUnit 5; not castcheck.'),
    '',
    ...(pkg ? [`package ${pkg};`, ''] : []),
    'import static org.junit.jupiter.api.Assertions.assertEquals;',
    'import static org.junit.jupiter.api.Assertions.assertNotNull;',
    'import static org.junit.jupiter.api.Assertions.assertNull;',
    '',
    'import com.google.gson.JsonArray;',
    'import com.google.gson.JsonElement;',
    'import com.google.gson.JsonObject;',
    'import com.google.gson.JsonParser;',
    'import dev.castcheck.kit.Runner;',
    'import org.junit.jupiter.api.Test;',
    '',
    `class ${engine.testClass} {`,
    '    /** The scenario as castcheck gave it to the engine (normal form, docs/PROTOCOL.md). */',
    `    static final String SCENARIO = ${javaTextBlock(exported.scenario, '        ')};`,
    ...exported.related.flatMap((r, i) => ['', `    /** The related run ${i + 1}: a scenario the property compares with SCENARIO (a relation), in the same form. */`, `    static final String RELATED_${i + 1} = ${javaTextBlock(r, '        ')};`]),
    '',
    '    @Test',
    `    void ${method}() {`,
  ];
  let declared = false;
  for (const { run, scenario, steps } of factsByRun(exported)) {
    const name = run === 0 ? 'SCENARIO' : `RELATED_${run}`;
    if (run > 0) lines.push('', javaComment(relatedLine(run), '        '));
    lines.push(
      `        ${run === 0 ? 'JsonObject ' : ''}scenario = JsonParser.parseString(${name}).getAsJsonObject();`,
      `        ${run === 0 ? 'JsonArray ' : ''}steps = Runner.runScenario(new ${engine.className}(), scenario).getAsJsonArray("steps");`,
      '        assertEquals(scenario.getAsJsonArray("actions").size(), steps.size());',
    );
    for (const [step, facts] of steps) {
      lines.push('', `        // After ${actionLabel(scenario, step)}:`, `        ${declared ? '' : 'JsonObject '}step = steps.get(${step}).getAsJsonObject();`);
      declared = true;
      for (const fact of facts) lines.push(`        ${assertion(fact, `${run > 0 ? `related run ${run}, ` : ''}${actionLabel(scenario, step)}`)}`);
    }
  }
  lines.push(
    '    }',
    '',
    '    /** An object of a zone of the state by its id; null when it is not there. */',
    '    static JsonObject find(JsonObject step, String zone, String id) {',
    '        for (JsonElement o : step.getAsJsonObject("state").getAsJsonArray(zone)) {',
    '            if (o.getAsJsonObject().has("id") && o.getAsJsonObject().get("id").getAsString().equals(id)) return o.getAsJsonObject();',
    '        }',
    '        return null;',
    '    }',
    '',
    '    /** A field of an object of a zone; null when the object or the field is not there. */',
    '    static JsonElement at(JsonObject step, String zone, String id, String... path) {',
    '        JsonElement value = find(step, zone, id);',
    '        for (String key : path) {',
    '            if (value == null || !value.isJsonObject() || !value.getAsJsonObject().has(key)) return null;',
    '            value = value.getAsJsonObject().get(key);',
    '        }',
    '        return value;',
    '    }',
    '',
    '    static JsonElement json(String text) {',
    '        return JsonParser.parseString(text);',
    '    }',
    '}',
  );
  return `${lines.join('\n')}\n`;
}

function assertion(fact: Fact, where: string): string {
  const message = javaString(`after ${where}: ${factLabel(fact)}`);
  const expected = (value: unknown) => `json(${javaString(asciiJson(value))})`;
  switch (fact.what) {
    case 'triggered':
    case 'events':
      return `assertEquals(${expected(fact.value ?? [])}, step.has(${javaString(fact.what)}) ? step.get(${javaString(fact.what)}) : json("[]"), ${message});`;
    case 'outcome':
    case 'reason':
      return fact.value === undefined ? `assertNull(step.get(${javaString(fact.what)}), ${message});` : `assertEquals(${expected(fact.value)}, step.get(${javaString(fact.what)}), ${message});`;
    case 'present':
      return `${fact.value ? 'assertNotNull' : 'assertNull'}(find(step, ${javaString(fact.zone)}, ${javaString(fact.id)}), ${message});`;
    case 'field': {
      const at = `at(step, ${[fact.zone, fact.id, ...fact.path].map(javaString).join(', ')})`;
      return fact.value === undefined ? `assertNull(${at}, ${message});` : `assertEquals(${expected(fact.value)}, ${at}, ${message});`;
    }
  }
}
