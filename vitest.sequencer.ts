import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order test files are handed to the workers: vitest's own (longest or largest first within
 * each project), with the browser files spread evenly through the integration files instead of
 * in one block. A browser file waits for the machine-wide browser lock
 * (e2e/support/one-browser-at-a-time.ts); spread out, the next one is rarely asked for while
 * another still runs, so no worker sits waiting while the other runs Chromium.
 */
export default class BrowserFilesSpreadOut extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const browser = sorted.filter((f) => f.project.name === 'e2e');
    // The integration files first (the long ones), the quick unit files after them; the browser
    // files spread through the integration ones, never bunched among quick files, where the next
    // would be asked for while the last still runs.
    const long = sorted.filter((f) => f.project.name === 'server-int');
    const rest = [
      ...long,
      ...sorted.filter((f) => f.project.name !== 'e2e' && f.project.name !== 'server-int'),
    ];
    const span = long.length || rest.length;
    const ordered: TestSpecification[] = [];
    let next = 0;
    rest.forEach((file, i) => {
      while (next < browser.length && i >= Math.floor((next * span) / browser.length)) {
        ordered.push(browser[next++] as TestSpecification);
      }
      ordered.push(file);
    });
    ordered.push(...browser.slice(next));
    return ordered;
  }
}
