/**
 * Saving what the app made (a report, a candidate file, a profile, a whole
 * table) as a file on this computer: a Blob behind a temporary object URL,
 * clicked as a download link. Nothing leaves the browser.
 */

/**
 * Offers `blob` as a download named `fileName`.
 *
 * @example downloadBlob('books.csv', new Blob(parts, { type: 'text/csv' }));
 */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Offers `text` as a download named `fileName`.
 *
 * @example downloadText('report.json', JSON.stringify(report), 'application/json');
 */
export function downloadText(fileName: string, text: string, type: string): void {
  downloadBlob(fileName, new Blob([text], { type }));
}
