import { describe, expect, it } from 'vitest';
import { Pages } from '../../src/core/text/pages.js';

describe('Pages', () => {
  it('reserves runs that never straddle two pages, making a page only when a run needs one', () => {
    let made = 0;
    const pages = new Pages(10, () => ({ id: made++ }));
    expect(pages.reserve(0)).toBe(0);
    expect(made).toBe(0);
    expect(pages.reserve(4)).toBe(0);
    expect(pages.reserve(4)).toBe(4);
    // 8 used: a run of 3 starts the next page, a run of 2 would have fitted.
    expect(pages.reserve(3)).toBe(10);
    expect(pages.reserve(7)).toBe(13);
    expect(pages.reserve(1)).toBe(20);
    expect(made).toBe(3);
    expect(pages.page(13)).toEqual({ id: 1 });
    expect(pages.offset(13)).toBe(3);
    expect(pages.page(20)).toEqual({ id: 2 });
    expect(pages.reserve(10)).toBe(30);
    expect(pages.offset(39)).toBe(9);
  });
});
