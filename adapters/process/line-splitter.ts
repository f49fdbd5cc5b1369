// Splits what an engine writes to stdout into lines, refusing any line longer than a limit so that an
// engine stuck writing one endless line cannot exhaust castcheck's memory.

export class LineTooLong extends Error {
  constructor(readonly limit: number) {
    super(`the engine wrote a line longer than ${limit} bytes`);
  }
}

export class LineSplitter {
  private parts: Buffer[] = [];
  private pending = 0;

  constructor(private readonly maxLineBytes: number) {}

  /** The complete lines in this chunk (without '\n' or a trailing '\r'); throws LineTooLong. */
  push(chunk: Buffer): string[] {
    const lines: string[] = [];
    let start = 0;
    for (let end = chunk.indexOf(10, start); end !== -1; end = chunk.indexOf(10, start)) {
      const piece = chunk.subarray(start, end);
      if (this.pending + piece.length > this.maxLineBytes) throw new LineTooLong(this.maxLineBytes);
      const line = this.parts.length === 0 ? piece : Buffer.concat([...this.parts, piece]);
      this.parts = [];
      this.pending = 0;
      lines.push(line.toString('utf8', 0, line.length > 0 && line[line.length - 1] === 13 ? line.length - 1 : line.length));
      start = end + 1;
    }
    if (start < chunk.length) {
      this.pending += chunk.length - start;
      if (this.pending > this.maxLineBytes) throw new LineTooLong(this.maxLineBytes);
      // The chunk belongs to the stream; keep a copy of the tail only.
      this.parts.push(Buffer.from(chunk.subarray(start)));
    }
    return lines;
  }
}
