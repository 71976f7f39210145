const UNSAFE_FILE_NAME_CHARS = /[/\\?%*:|"<>]/g;

/** Download file names: characters / \ ? % * : | " < > replaced with underscore (000 §5, 001 §5). */
export function sanitizeDownloadFileName(name: string): string {
  return name.replace(UNSAFE_FILE_NAME_CHARS, '_');
}
