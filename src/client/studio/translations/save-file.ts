/** Hands `text` to the browser as a file download named `fileName` (a temporary object URL). */
export function saveFile(text: string, fileName: string, type: string): void {
  // The BOM makes spreadsheet programs read the Swahili and English as UTF-8.
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click's task: the browser has taken the file by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
