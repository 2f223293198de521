import { cleanup, render, screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { Search, Trash2, X } from './icons';

describe('icons', () => {
  afterEach(cleanup);

  it("write lucide-react's SVG: its attributes, classes and shapes, hidden from assistive technology", () => {
    expect(renderToStaticMarkup(<X className="h-4 w-4" aria-hidden />)).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor"' +
        ' stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="lucide lucide-x h-4 w-4" aria-hidden="true">' +
        '<path d="M18 6 6 18"></path><path d="m6 6 12 12"></path></svg>',
    );
  });

  it("carry the icon's aliases in its classes, as lucide-react does", () => {
    expect(renderToStaticMarkup(<Trash2 />)).toContain('class="lucide lucide-trash lucide-trash-2"');
  });

  it('are announced when given a name', () => {
    render(<Search aria-label="Search parts" />);
    const icon = screen.getByLabelText('Search parts');
    expect(icon.hasAttribute('aria-hidden')).toBe(false);
    // The shapes are the SVG's children in the browser's DOM as well.
    expect(icon.querySelectorAll('circle, path')).toHaveLength(2);
    expect(icon.namespaceURI).toBe('http://www.w3.org/2000/svg');
    expect(icon.querySelector('path')?.namespaceURI).toBe('http://www.w3.org/2000/svg');
  });
});
