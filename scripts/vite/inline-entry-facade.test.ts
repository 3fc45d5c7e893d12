import { describe, expect, it } from 'vitest';
import { inlineEntryFacade } from './inline-entry-facade.ts';

const html = '<head><script type="module" crossorigin src="/assets/index-B1.js"></script></head>';
const facade = { type: 'chunk' as const, fileName: 'assets/index-B1.js', isEntry: true, code: 'import{r as e}from"./web-X2.js";e();\n' };

describe('inlineEntryFacade', () => {
  it('puts the entry facade into the page as an inline module importing the chunk it names', () => {
    expect(inlineEntryFacade(html, [facade])).toBe('<head><script type="module">import{r as e}from"/assets/web-X2.js";e();</script></head>');
  });

  it('leaves an entry that holds code of its own, a chunk that is no entry, and a page without the tag as they are', () => {
    const real = { ...facade, code: 'import{r as e}from"./web-X2.js";e();console.log(1);' };
    expect(inlineEntryFacade(html, [real])).toBe(html);
    expect(inlineEntryFacade(html, [{ ...facade, isEntry: false }])).toBe(html);
    expect(inlineEntryFacade('<head></head>', [facade])).toBe('<head></head>');
  });
});
