/**
 * Saves text as a CSV file through the browser's own download (a Blob, no round trip to the service). The byte order
 * mark makes Excel read the file as UTF-8, so "Café" and "Tienda" labels keep their accents.
 */
export function downloadCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL by now; freeing it at once could cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
