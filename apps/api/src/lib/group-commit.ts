/**
 * Group commit (decision 062): calls that arrive while earlier batches are being written wait,
 * and go together as the next batch, so under load many calls cost one round trip to the
 * database, and a call that arrives alone goes at once (once the work in progress yields: the
 * calls a finished batch's callers make straight away join one batch). At most `maxInFlight`
 * batches are written at a time (two keep the process busy building one while the database
 * writes the other), each of at most `maxBatch` inputs.
 *
 * `write` answers one output per input, in order. When a batch of several fails, each of its
 * inputs is written again on its own, so one bad input fails only its own call: `write` must
 * therefore leave nothing behind when it fails (one statement, or one transaction).
 */
export class GroupCommit<In, Out> {
  private readonly waiting: { input: In; resolve: (output: Out) => void; reject: (error: unknown) => void }[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(
    private readonly write: (inputs: readonly In[]) => Promise<Out[]>,
    private readonly limits: { maxBatch: number; maxInFlight: number } = { maxBatch: 50, maxInFlight: 2 },
  ) {}

  submit(input: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      this.waiting.push({ input, resolve, reject });
      this.schedule();
    });
  }

  /** Sends what waits once the promise callbacks now queued have run (theirs may add to it). */
  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    process.nextTick(() => {
      this.scheduled = false;
      this.next();
    });
  }

  private next(): void {
    while (this.inFlight < this.limits.maxInFlight && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.limits.maxBatch);
      this.inFlight += 1;
      void this.settle(batch).finally(() => {
        this.inFlight -= 1;
        this.schedule();
      });
    }
  }

  private async settle(batch: typeof this.waiting): Promise<void> {
    try {
      const outputs = await this.write(batch.map((call) => call.input));
      for (const [index, call] of batch.entries()) call.resolve(outputs[index] as Out);
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      await Promise.all(batch.map((call) => this.settle([call])));
    }
  }
}
