import type { TBrand } from '@prosa/shared/brand';
import { brandTitle } from '@prosa/shared/brand-title';
import { useEffect } from 'react';

const DEFAULT_ICON = '/favicon.svg';

function iconLink(): HTMLLinkElement {
  const found = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (found) return found;
  const link = document.createElement('link');
  link.rel = 'icon';
  document.head.appendChild(link);
  return link;
}

/** Puts the company's white-label in the browser tab: its title as the document title, its logo as favicon. */
export function applyDocumentBrand(brand: TBrand | null | undefined) {
  document.title = brandTitle(brand);
  const link = iconLink();
  if (brand?.logo) {
    // A PNG, JPG, GIF or BMP: the browser tells the type by the content.
    link.removeAttribute('type');
    link.href = brand.logo;
  } else {
    link.type = 'image/svg+xml';
    link.href = DEFAULT_ICON;
  }
}

/** The white-label of the screen in the tab while it is shown (the default while it loads). */
export function useDocumentBrand(brand: TBrand | null | undefined) {
  const title = brand?.title ?? '';
  const logo = brand?.logo ?? null;
  useEffect(() => {
    applyDocumentBrand({ title, logo });
  }, [title, logo]);
}
