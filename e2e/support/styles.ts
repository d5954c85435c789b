import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';

// Whether what a page shows is styled: every Mantine component drawn has its stylesheet loaded.
// The public screens load a subset of Mantine's styles (apps/web/src/app/first-visit-styles.ts);
// a component drawn there without its file shows as bare text, as the toasts once did.

const require = createRequire(import.meta.url);

/** Mantine's class names (m_xxxxxxxx) that have rules, by the component whose file holds them. */
function mantineStyledClasses(): Map<string, string> {
  const byClass = new Map<string, string>();
  const add = (file: string, component: string) => {
    for (const match of readFileSync(file, 'utf8').matchAll(/\.(m_[0-9a-f]+)/g)) {
      if (!byClass.has(match[1] as string)) byClass.set(match[1] as string, component);
    }
  };
  const coreStyles = path.dirname(require.resolve('@mantine/core/styles/Button.css'));
  for (const file of readdirSync(coreStyles)) {
    if (file.endsWith('.css') && !file.endsWith('.layer.css')) add(path.join(coreStyles, file), file);
  }
  add(require.resolve('@mantine/notifications/styles.css'), '@mantine/notifications/styles.css');
  return byClass;
}

const STYLED = mantineStyledClasses();

/**
 * The Mantine components on the page whose styles are not loaded, by stylesheet name (e.g.
 * 'Notification.css'); empty when every component drawn is styled.
 */
export async function unstyledComponents(page: Page): Promise<string[]> {
  const missing = await page.evaluate(
    (styled: string[]) => {
      const known = new Set(styled);
      const loaded = new Set<string>();
      const walk = (rules: CSSRuleList) => {
        for (const rule of Array.from(rules)) {
          if (rule instanceof CSSStyleRule) {
            for (const match of rule.selectorText.matchAll(/\.(m_[0-9a-f]+)/g))
              loaded.add(match[1] as string);
          }
          if ('cssRules' in rule) walk((rule as CSSGroupingRule).cssRules);
        }
      };
      for (const sheet of Array.from(document.styleSheets)) walk(sheet.cssRules);
      const used = new Set<string>();
      for (const element of Array.from(document.querySelectorAll('[class]'))) {
        for (const name of Array.from(element.classList)) if (name.startsWith('m_')) used.add(name);
      }
      return [...used].filter((name) => known.has(name) && !loaded.has(name));
    },
    [...STYLED.keys()],
  );
  return [...new Set(missing.map((name) => STYLED.get(name) ?? name))].sort();
}

/** The toast on screen with that title (Mantine's notification root). */
export function toastNamed(page: Page, title: string): Locator {
  return page.locator('.mantine-Notification-root', { hasText: title }).first();
}

export interface ToastLook {
  background: string;
  boxShadow: string;
  borderRadius: string;
  /** The toasts' container: fixed to the viewport, not in the page's flow. */
  containerPosition: string;
  box: { x: number; y: number; width: number; height: number };
  viewport: { width: number; height: number };
}

/** How a toast is drawn: its own look, where it sits, and the viewport it sits in. */
export async function toastLook(toast: Locator): Promise<ToastLook> {
  const look = await toast.evaluate((element) => {
    const style = getComputedStyle(element);
    const container = element.closest('.mantine-Notifications-root');
    const rect = element.getBoundingClientRect();
    return {
      background: style.backgroundColor,
      boxShadow: style.boxShadow,
      borderRadius: style.borderRadius,
      containerPosition: container ? getComputedStyle(container).position : 'none',
      box: { x: rect.x, y: rect.y, width: rect.width, height: rect.height },
      viewport: { width: window.innerWidth, height: window.innerHeight },
    };
  });
  return look;
}
