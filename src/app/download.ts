/**
 * Saving text the app made (a report, a candidate file, a profile) as a file
 * on this computer: a Blob behind a temporary object URL, clicked as a
 * download link. Nothing leaves the browser.
 */

/**
 * Offers `text` as a download named `fileName`.
 *
 * @example downloadText('report.json', JSON.stringify(report), 'application/json');
 */
export function downloadText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
