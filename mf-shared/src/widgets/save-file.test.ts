import { fileBlob, saveFile } from './save-file';

// jsdom's Blob has no arrayBuffer(): read it as a browser of its time would.
const bytesOf = (blob: Blob) =>
  new Promise<Uint8Array>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });

describe('fileBlob', () => {
  it('keeps text as it is, with its media type', async () => {
    const blob = fileBlob({ fileName: 'orders.csv', mediaType: 'text/csv; charset=utf-8', content: '\uFEFFa,b' });
    expect(blob.type).toBe('text/csv; charset=utf-8');
    expect(await bytesOf(blob)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf, 0x61, 0x2c, 0x62]));
  });

  it('decodes a base64 answer to its bytes (a Shift_JIS CSV stays Shift_JIS)', async () => {
    // 「あ」 in Shift_JIS is 0x82 0xA0.
    const blob = fileBlob({ fileName: 'records.csv', mediaType: 'text/csv; charset=Shift_JIS', content: 'gqA=', encoding: 'base64' });
    expect(await bytesOf(blob)).toEqual(new Uint8Array([0x82, 0xa0]));
  });
});

describe('saveFile', () => {
  it('clicks a temporary link named after the file and leaves nothing behind', () => {
    const created = jest.fn(() => 'blob:saved');
    const revoked = jest.fn();
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: revoked });
    const clicked: HTMLAnchorElement[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    jest.useFakeTimers();
    try {
      saveFile({ fileName: 'orders.csv', mediaType: 'text/csv', content: 'a,b' });
      expect(clicked).toHaveLength(1);
      expect(clicked[0]!.download).toBe('orders.csv');
      expect(clicked[0]!.href).toBe('blob:saved');
      expect(document.querySelector('a[download]')).toBeNull();
      expect(revoked).not.toHaveBeenCalled();
      jest.runAllTimers();
      expect(revoked).toHaveBeenCalledWith('blob:saved');
    } finally {
      jest.useRealTimers();
      click.mockRestore();
    }
  });
});
