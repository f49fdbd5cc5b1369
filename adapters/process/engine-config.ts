// How to start an engine, from --engine-cmd or from an --engine-config file
// (schema/engine-config.schema.json), with command-line options taking precedence.
import { dirname, resolve } from 'node:path';
import { InputError } from '../../model/errors.ts';
import { readJsonFile } from '../../model/json-file.ts';
import { formatIssues, validateDocument } from '../../model/schemas.ts';
import type { EngineConfig } from '../../model/schema-types.ts';
import { formatCommand, parseCommand } from './command.ts';
import { PROCESS_DEFAULTS, type ProcessEngineOptions } from './process-engine.ts';

export interface ProcessChoice {
  /** A command line, split like a shell would split it. */
  command?: string;
  /** A JSON file in the engine-config format. */
  config?: string;
  /** The folder the command starts in (a repro's). */
  cwd?: string;
  timeoutMs?: number;
  startTimeoutMs?: number;
  maxLineBytes?: number;
  validateProtocol?: boolean;
}

export function processEngineOptions(c: ProcessChoice): ProcessEngineOptions {
  if (c.command !== undefined && c.config !== undefined) throw new InputError('give either --engine-cmd or --engine-config, not both');
  let config: EngineConfig | undefined;
  let base = process.cwd();
  if (c.config !== undefined) {
    const doc = readJsonFile(c.config);
    const issues = validateDocument('engine-config', doc);
    if (issues.length > 0) throw new InputError(`${c.config} is not a valid engine config`, formatIssues(issues).map((l) => `  ${l}`));
    config = doc as EngineConfig;
    base = dirname(resolve(c.config));
  }
  const env = config?.env ? Object.fromEntries(Object.entries(config.env).filter((e): e is [string, string] => e[1] !== undefined)) : undefined;
  const raw = c.command ?? config!.command;
  const argv = typeof raw === 'string' ? parseCommand(raw, { ...process.env, ...env }) : [...raw];
  // Recorded in repros, so that a relative command replays from any folder.
  const cwd = resolve(c.cwd ?? (config ? resolve(base, config.cwd ?? '.') : process.cwd()));
  return {
    argv,
    command: typeof raw === 'string' ? raw : formatCommand(raw),
    cwd,
    ...(env ? { env } : {}),
    timeoutMs: c.timeoutMs ?? config?.timeout ?? PROCESS_DEFAULTS.timeoutMs,
    startTimeoutMs: c.startTimeoutMs ?? config?.startTimeout ?? PROCESS_DEFAULTS.startTimeoutMs,
    maxLineBytes: c.maxLineBytes ?? config?.maxLineBytes ?? PROCESS_DEFAULTS.maxLineBytes,
    validateProtocol: c.validateProtocol ?? false,
  };
}
