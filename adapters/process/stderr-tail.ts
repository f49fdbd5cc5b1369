// The end of what an engine wrote to stderr: kept for reports, bounded so that a chatty engine costs
// nothing over a long run. What a failure quotes starts once the engine has answered hello, never
// with a harmless exception it printed while starting. (Not from its last answer: stderr and stdout
// are read apart, and a batch of answers read at once may come after the stderr of the failure.)

export class StderrTail {
  private chunks: Buffer[] = [];
  private size = 0;
  /** Bytes pushed in all, and where the mark is among them. */
  private total = 0;
  private marked = 0;

  constructor(private readonly limit = 16 * 1024) {}

  push(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.size += chunk.length;
    this.total += chunk.length;
    while (this.size - (this.chunks[0]?.length ?? 0) >= this.limit) this.size -= this.chunks.shift()!.length;
  }

  /** The engine answered hello: what comes after is what text() gives. */
  started(): void {
    this.marked = this.total;
  }

  /** The last `limit` bytes since hello, cut to whole lines when it had to be cut. */
  text(): string {
    const kept = Buffer.concat(this.chunks);
    const all = kept.subarray(Math.max(0, this.marked - (this.total - kept.length)));
    if (all.length <= this.limit) return all.toString('utf8');
    const tail = all.subarray(all.length - this.limit).toString('utf8');
    const newline = tail.indexOf('\n');
    return newline === -1 ? tail : tail.slice(newline + 1);
  }

  clear(): void {
    this.chunks = [];
    this.size = 0;
    this.total = 0;
    this.marked = 0;
  }
}
