import { afterEach, describe, expect, it } from 'vitest';
import { readFirstPage } from './first-page';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the data a server-rendered page carries', () => {
  it('is read from its JSON script element, escaped text and all', () => {
    document.body.innerHTML =
      '<script type="application/json" id="first-page">{"at":1,"status":{"loggedIn":true},"state":{"queries":[{"queryHash":"a.b","state":{"data":"\\u003c/script>"}}]}}</script>';
    expect(readFirstPage(document)).toEqual({
      at: 1,
      status: { loggedIn: true },
      state: { queries: [{ queryHash: 'a.b', state: { data: '</script>' } }] },
    });
    // Taken out once read: no trace of the visitor's data stays in the document.
    expect(document.getElementById('first-page')).toBeNull();
    expect(readFirstPage(document)).toBeNull();
  });

  it('is none on a page the browser draws itself, or when it cannot be read', () => {
    expect(readFirstPage(document)).toBeNull();
    document.body.innerHTML = '<script type="application/json" id="first-page">{"at":</script>';
    expect(readFirstPage(document)).toBeNull();
  });
});
