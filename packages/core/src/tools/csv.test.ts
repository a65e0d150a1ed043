import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv.js';

// The examples of RFC 4180 §2 (rules 1–7), then what the rules leave open.
describe('parseCsv (RFC 4180)', () => {
  it('1: each record is on its own line, ended by CRLF', () => {
    expect(parseCsv('aaa,bbb,ccc\r\nzzz,yyy,xxx\r\n')).toEqual([
      ['aaa', 'bbb', 'ccc'],
      ['zzz', 'yyy', 'xxx'],
    ]);
  });

  it('2: the last record may have no line break', () => {
    expect(parseCsv('aaa,bbb,ccc\r\nzzz,yyy,xxx')).toEqual([
      ['aaa', 'bbb', 'ccc'],
      ['zzz', 'yyy', 'xxx'],
    ]);
  });

  it('3: a header line has the same format', () => {
    expect(parseCsv('field_name,field_name,field_name\r\naaa,bbb,ccc\r\n')[0]).toEqual([
      'field_name',
      'field_name',
      'field_name',
    ]);
  });

  it('4: spaces are part of a field; the last field has no trailing comma', () => {
    expect(parseCsv(' aaa , bbb,ccc')).toEqual([[' aaa ', ' bbb', 'ccc']]);
    expect(parseCsv('a,b,')).toEqual([['a', 'b', '']]);
  });

  it('5: fields may be enclosed in double quotes', () => {
    expect(parseCsv('"aaa","bbb","ccc"\r\nzzz,yyy,xxx')).toEqual([
      ['aaa', 'bbb', 'ccc'],
      ['zzz', 'yyy', 'xxx'],
    ]);
  });

  it('6: quoted fields hold line breaks, double quotes and commas', () => {
    expect(parseCsv('"aaa","b\r\nbb","ccc"\r\nzzz,yyy,xxx')).toEqual([
      ['aaa', 'b\r\nbb', 'ccc'],
      ['zzz', 'yyy', 'xxx'],
    ]);
    expect(parseCsv('"a,b",c')).toEqual([['a,b', 'c']]);
  });

  it('7: a double quote inside a quoted field is escaped by another', () => {
    expect(parseCsv('"aaa","b""bb","ccc"')).toEqual([['aaa', 'b"bb', 'ccc']]);
  });

  it('LF and CR line ends, another delimiter, blank rows kept, a stray quote kept as text', () => {
    expect(parseCsv('a\tb\nc\td\r')).toEqual([['a\tb'], ['c\td']]);
    expect(parseCsv('a\tb\nc\td', '\t')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(parseCsv('a\n\nb\n')).toEqual([['a'], [''], ['b']]);
    expect(parseCsv('5" disk,x')).toEqual([['5" disk', 'x']]);
    expect(parseCsv('')).toEqual([]);
  });
});
