import { describe, expect, it } from 'vitest';
import { sanitizeDownloadFileName } from './file-name';

describe('sanitizeDownloadFileName (000 §5, 001 §5)', () => {
  it('replaces each of / \\ ? % * : | " < > with an underscore', () => {
    expect(sanitizeDownloadFileName('a/b\\c?d%e*f:g|h"i<j>k')).toBe('a_b_c_d_e_f_g_h_i_j_k');
  });

  it('replaces every occurrence, not just the first', () => {
    expect(sanitizeDownloadFileName('a//b::c')).toBe('a__b__c');
  });

  it('keeps other characters', () => {
    expect(sanitizeDownloadFileName('Mask #12 (final).mp4')).toBe('Mask #12 (final).mp4');
  });
});
