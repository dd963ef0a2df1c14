/** A multipart form of text fields, as the console's FormData sends it: the payload and its headers. */
export function formData(fields: Record<string, string>): { payload: string; headers: { 'content-type': string } } {
  const boundary = '----fleet-test-form';
  const payload = `${Object.entries(fields)
    .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('')}--${boundary}--\r\n`;
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
