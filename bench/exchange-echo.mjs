// The engine side of bench/exchange-floor.ts: its first line on stdin is the answer; every line after
// it is a request, answered with that line, one at a time, after spending `argv[2]` microseconds of
// CPU (0: at once), as an engine busy with each scenario does. Plain JavaScript, so that it starts
// without tsx.
const spend = Number(process.argv[2] ?? 0);
let answer;
let waiting = 0;
let busy = false;
let tail = '';

function work() {
  const start = process.hrtime.bigint();
  while (Number(process.hrtime.bigint() - start) < spend * 1000);
}

function next() {
  if (waiting === 0) {
    busy = false;
    return;
  }
  waiting--;
  if (spend > 0) work();
  process.stdout.write(answer);
  // One answer a turn, as an engine that works on a request at a time writes them.
  setImmediate(next);
}

process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  const lines = (tail + chunk).split('\n');
  tail = lines.pop();
  for (const line of lines) {
    if (answer === undefined) answer = `${line}\n`;
    else waiting++;
  }
  if (!busy && waiting > 0) {
    busy = true;
    setImmediate(next);
  }
});
process.stdin.on('end', () => process.exit(0));
