const byString = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Dependency cycles among the entries (edges to IDs that are not entries lead nowhere): one
 * per strongly connected component of two or more entries, as a closed path
 * (`[A, B, A]`) that starts at the component's smallest ID and always takes the smallest
 * next ID inside it. Iterative (Tarjan): a long chain cannot overflow the stack.
 */
export function dependencyCycles(deps: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let counter = 0;
  const next = (id: string) => (deps.get(id) ?? []).filter((d) => deps.has(d) && d !== id);
  for (const start of [...deps.keys()].sort(byString)) {
    if (index.has(start)) continue;
    const work: { id: string; succ: string[]; i: number }[] = [];
    const enter = (id: string) => {
      index.set(id, counter);
      low.set(id, counter++);
      stack.push(id);
      onStack.add(id);
      work.push({ id, succ: next(id), i: 0 });
    };
    enter(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      if (frame.i < frame.succ.length) {
        const s = frame.succ[frame.i++]!;
        if (!index.has(s)) enter(s);
        else if (onStack.has(s)) low.set(frame.id, Math.min(low.get(frame.id)!, index.get(s)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.id, Math.min(low.get(parent.id)!, low.get(frame.id)!));
      if (low.get(frame.id) === index.get(frame.id)) {
        const component: string[] = [];
        let id: string;
        do {
          id = stack.pop()!;
          onStack.delete(id);
          component.push(id);
        } while (id !== frame.id);
        if (component.length > 1) components.push(component);
      }
    }
  }
  return components.map((c) => closedPath(c, next)).sort((a, b) => byString(a[0]!, b[0]!));
}

function closedPath(component: readonly string[], next: (id: string) => string[]): string[] {
  const members = new Set(component);
  const path: string[] = [];
  const at = new Map<string, number>();
  let id = [...component].sort(byString)[0]!;
  while (!at.has(id)) {
    at.set(id, path.length);
    path.push(id);
    id = next(id)
      .filter((d) => members.has(d))
      .sort(byString)[0]!;
  }
  const cycle = path.slice(at.get(id));
  return [...cycle, cycle[0]!];
}
