// What of a tool's error output may be logged and kept.

/** The tool's own words, without any URL (a SAS is a key) and not too long for a log line. */
export const redact = (stderr: string) =>
  stderr
    .replace(/https?:\/\/\S+/g, '<url>')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(-500);
