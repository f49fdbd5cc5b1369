// The end of what an engine wrote to stderr: kept for reports, bounded so that a chatty engine costs
// nothing over a long run.

export class StderrTail {
  private chunks: Buffer[] = [];
  private size = 0;

  constructor(private readonly limit = 16 * 1024) {}

  push(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.size += chunk.length;
    while (this.size - (this.chunks[0]?.length ?? 0) >= this.limit) this.size -= this.chunks.shift()!.length;
  }

  /** The last `limit` bytes, cut to whole lines when it had to be cut. */
  text(): string {
    const all = Buffer.concat(this.chunks);
    if (all.length <= this.limit) return all.toString('utf8');
    const tail = all.subarray(all.length - this.limit).toString('utf8');
    const newline = tail.indexOf('\n');
    return newline === -1 ? tail : tail.slice(newline + 1);
  }

  clear(): void {
    this.chunks = [];
    this.size = 0;
  }
}
