import { describe, expect, it } from 'vitest';
import { documentTitle, pageTitles } from './page-titles';
import { routeTable } from './route-table';

describe('page titles', () => {
  it('names every screen, each differently', () => {
    const titles = routeTable.map((route) => pageTitles[route.page]);
    expect(titles.every((title) => title.length > 0)).toBe(true);
    expect(new Set(Object.values(pageTitles)).size).toBe(Object.keys(pageTitles).length);
  });

  it('puts the screen first and the app after it', () => {
    expect(documentTitle('/app')).toBe('Your deals · Pay Local');
    expect(documentTitle('/deals/d0000000-0000-4000-8000-000000000001')).toBe('Deal · Pay Local');
    expect(documentTitle('/merchant/counter/board/')).toBe("Today's codes · Pay Local");
    expect(documentTitle('/no-such-page')).toBe('Page not found · Pay Local');
  });
});
