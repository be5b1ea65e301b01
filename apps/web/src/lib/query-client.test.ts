import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';

describe('the query client', () => {
  it('an invalidation during the first fetch of a key reads again, after the change', async () => {
    const client = createQueryClient();
    // The "server": what a read answers depends on when it is read.
    let rows = ['Cupom'];
    const reads: (() => void)[] = [];
    const observer = new QueryObserver<string[]>(client, {
      queryKey: ['knowledge', 'list', 'Cupom'],
      // Each read returns what was there when it was made, once the test lets it answer.
      queryFn: () => {
        const seen = [...rows];
        return new Promise<string[]>((resolve) => reads.push(() => resolve(seen)));
      },
    });
    const results: (string[] | undefined)[] = [];
    const unsubscribe = observer.subscribe((r) => results.push(r.data));
    expect(reads).toHaveLength(1); // the first fetch is under way, read before the delete

    rows = []; // the delete commits
    const invalidated = client.invalidateQueries({ queryKey: ['knowledge'] });
    // The refetch did not join the old read: a second read was made after the delete.
    await new Promise((r) => setTimeout(r, 0));
    expect(reads).toHaveLength(2);
    reads[0]?.();
    reads[1]?.();
    await invalidated;
    expect(observer.getCurrentResult().data).toEqual([]);
    expect(results).not.toContainEqual(['Cupom']);
    unsubscribe();
  });
});
