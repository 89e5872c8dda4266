import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_SLUG_LENGTH, slugify } from '../../src/core/text/slug.js';

describe('slugify', () => {
  it.each([
    ['Use PostgreSQL for Storage', 'use-postgresql-for-storage'],
    ['Crème brûlée à la française', 'creme-brulee-a-la-francaise'],
    ['Straße, Ærø, Œuvre, Łódź, Þór', 'strasse-aero-oeuvre-lodz-thor'],
    ['ﬁnal ①', 'final-1'],
    ['R&D @ ACME + friends', 'r-and-d-at-acme-plus-friends'],
    ['../../../etc/shadow', 'etc-shadow'],
    ['C:\\Windows\\System32', 'c-windows-system32'],
    ['   ', 'untitled'],
    ['---', 'untitled'],
    ['Ωμέγα', 'omega'],
    ['Выбор базы данных', 'vybor-bazy-dannykh'],
    ['Επιλογή βάσης δεδομένων', 'epilogi-vasis-dedomenon'],
    ['选择数据库', 'xuan-ze-shu-ju-ku'],
    ['データベースの選択', 'de-ta-be-su-no-xuan-ze'],
    ['데이터베이스 선택', 'de-i-teo-be-i-seu-seon-taeg'],
    ['Ελληνικά 2024', 'ellinika-2024'],
    ['Don’t panic', 'dont-panic'],
    ['😀 🎉', 'untitled'],
  ])('%j -> %s', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it('gives a title of Cyrillic, Greek or common Chinese letters a slug of its own', () => {
    const letters = fc.constantFrom(
      ...'абвгдежзийклмнопрстуфхцчшщыэюяαβγδεζηθικλμνξοπρστυφχψω的一是不了人我在有他这中大来上国个到说们为子和你地出道也时年得就那要下以生会自着去之过家学对可里后小么心多天而能好都然没日于起还发成事只作当想看文无开手十用主行方又如前所本见经头面公同三已老从动两长知民样现分将外但身些与高意进把法此实回二理美点月明其种声全工己话儿者向情部正名定女问力机给等几很业最间新什打便位因重被走电四第门相次东政海口使教西再平真听世气信北少关并内加化由却代军产入先山五太水万市眼体别处总才场师书'.split(
        '',
      ),
    );
    fc.assert(
      fc.property(fc.array(letters, { minLength: 1, maxLength: 12 }), (chars) => {
        expect(slugify(chars.join(' '))).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        expect(slugify(chars.join(''))).not.toBe('untitled');
      }),
      { numRuns: 300 },
    );
  });

  it('cuts long titles at a word boundary', () => {
    const slug = slugify('a-very-long-title '.repeat(10));
    expect(slug.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
    expect(slug.endsWith('-')).toBe(false);
    expect(slugify('x'.repeat(100))).toBe('x'.repeat(60));
  });

  it('always yields a safe kebab-case name, whatever the input', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (title) => {
        const slug = slugify(title);
        expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        expect(slug.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
      }),
      { numRuns: 500 },
    );
  });
});
